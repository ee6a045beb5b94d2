"""Developer tooling of the compendium (not part of the ``featrank`` library).

- ``python -m tools.readme`` rewrites the generated parts of the README (its status column)
  and of the pages of ``docs/`` (layout tree, figure index, status, store and speed tables);
  ``--check`` only says whether they are stale.
- ``python -m tools.book`` (``make book``) builds the compendium as a static HTML book.
- ``tools/runnb.py`` runs a notebook for ``make`` with progress lines and without the
  kernel's noise.
"""
