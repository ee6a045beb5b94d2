"""``python -m featrank.store pack DIR...``: pack the loose entries of each store;
``python -m featrank.store check DIR...``: name a damaged packed file (exit status 2)."""
from .files import main

raise SystemExit(main())
