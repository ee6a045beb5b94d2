"""Sphinx configuration of the compendium's book (``make book``; sources staged by ``tools.book``).

Why Sphinx with myst-nb rather than Jupyter Book: Jupyter Book 1 is itself Sphinx + myst-nb
behind a YAML layer (and is in maintenance mode), and Jupyter Book 2 is a different,
Node.js-based stack (mystmd). Using Sphinx and myst-nb directly keeps one Python-only
toolchain, pinned in requirements-lock.txt like the rest, configured in this one Python file;
the notebooks are picked up by a glob in the landing page's toctree, the landing page is the
README and the pages of ``docs/`` keep their paths, and the generated pages (figure index,
reproduction summaries) are plain MyST Markdown written by ``tools.book``.
The theme is the one Jupyter Book uses (sphinx-book-theme), so it reads like a book.
"""

project = "featrank"
author = "The featrank developers"
copyright = "2026, The featrank developers"
html_title = "featrank — evaluating and combining feature rankings"

extensions = ["myst_nb"]

# the notebooks are shown with the outputs they were committed with: never executed here
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3          # [text](page.md#section-title) links, as on GitHub

exclude_patterns = ["**.ipynb_checkpoints"]
html_theme = "sphinx_book_theme"
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": True,
    "navigation_with_keys": False,
}
html_static_path = ["_static"]
html_css_files = ["book.css"]
html_last_updated_fmt = None
html_show_sphinx = False
