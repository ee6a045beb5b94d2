"""``python -m featrank.store pack DIR...``: pack the loose entries of each store."""
from .files import main

raise SystemExit(main())
