"""Developer tooling of the compendium (not part of the ``featrank`` library).

- ``python -m tools.readme`` rewrites the README's generated blocks (layout tree, figure
  index); ``--check`` only says whether they are stale.
- ``python -m tools.book`` (``make book``) builds the compendium as a static HTML book.
- ``tools/runnb.py`` runs a notebook for ``make`` with progress lines and without the
  kernel's noise.
"""
