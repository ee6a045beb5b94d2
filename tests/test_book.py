"""The book (``make book``) as a reader sees it: built, served on localhost and opened in
headless Chromium, every internal link followed (no missing page, no missing anchor), every
image loaded, each notebook's committed figures on its page; screenshots of the landing page
and a notebook page are saved in ``build/book/screenshots/`` (git-ignored).

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them); skipped,
saying so, on a machine without them.
"""
from __future__ import annotations

import functools
import http.server
import shutil
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "book"
CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytest.importorskip("myst_nb", reason="the book needs the docs extra (make installs it)")
pytest.importorskip("selenium", reason="the book's browser test needs the docs extra (make installs it)")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER),
    reason="the book's browser test needs Debian's chromium and chromium-driver: "
           "apt-get install -y chromium chromium-driver (CI installs them)")
#: a closed network: no background traffic, no sandbox (containers), software rendering
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--window-size=1280,1400")

# every image made to load now (none lazily), then what the page shows
_PAGE_JS = """
const done = arguments[arguments.length - 1];
const imgs = Array.from(document.images);
imgs.forEach(i => { i.loading = "eager"; });
Promise.all(imgs.map(i => i.complete ? null :
    new Promise(r => { i.addEventListener("load", r); i.addEventListener("error", r); })))
  .then(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    done({
      status: nav ? nav.responseStatus : 0,
      title: document.title,
      text: document.body.innerText,
      links: Array.from(document.querySelectorAll("a[href]")).map(a => a.href),
      ids: Array.from(document.querySelectorAll("[id], a[name]")).map(e => e.id || e.name),
      images: imgs.map(i => [i.currentSrc || i.src, i.naturalWidth]),
    });
  });
"""


class Site:
    """A folder served over HTTP on localhost for as long as the ``with`` block lasts."""

    def __init__(self, folder: Path):
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def browser(user_data_dir: str):
    """Headless Chromium driven through Debian's chromedriver (nothing is downloaded)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS + (f"--user-data-dir={user_data_dir}",):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(60)
    driver.set_page_load_timeout(60)
    return driver


def http_status(url: str) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=30) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


def load_page(driver, url: str, tries: int = 4) -> dict:
    """What ``url`` shows (:data:`_PAGE_JS`), loaded until two loads agree. The local server
    now and then hands the browser a page cut short (its later sections, ids and images
    missing; seen on long notebook pages, both on a busy and on a quiet machine): such a load
    is shorter than the whole page, so the longest of up to ``tries`` loads is kept."""
    best = None
    for _ in range(tries):
        driver.get(url)
        page = driver.execute_async_script(_PAGE_JS)
        if best is not None and len(page["text"]) == len(best["text"]):
            return page
        if best is None or len(page["text"]) > len(best["text"]):
            best = page
    return best


def crawl(driver, base: str, start: str = "index.html", shots: dict | None = None) -> dict:
    """Open every internal page reachable from ``start``; report what is broken.

    Returns ``pages`` (url -> what the page showed), ``broken_links`` (page, href, why) and
    ``broken_images`` (page, src). ``shots`` maps page names to screenshot files.
    """
    pages, queue, files, wanted = {}, [urllib.parse.urljoin(base, start)], {}, []
    while queue:
        url = queue.pop(0)
        if url in pages:
            continue
        page = pages[url] = load_page(driver, url)
        for link in page["links"]:
            target, _, fragment = link.partition("#")
            if not target.startswith(base):
                continue
            wanted.append((url, link, target, urllib.parse.unquote(fragment)))
            if target.endswith((".html", "/")):
                queue.append(target)
            elif target not in files:
                files[target] = http_status(target)
    broken = []
    for page, link, target, fragment in wanted:
        shown = pages.get(target)
        if shown is None and files.get(target) != 200:
            broken.append((page, link, f"HTTP {files.get(target)}"))
        elif shown is not None and shown["status"] != 200:
            broken.append((page, link, f"HTTP {shown['status']}"))
        elif shown is not None and fragment and fragment not in shown["ids"]:
            broken.append((page, link, f"no element with id '{fragment}'"))
    images = [(url, src) for url, p in pages.items() for src, width in p["images"] if width == 0]
    return dict(pages=pages, broken_links=sorted(set(broken)), broken_images=images)


def screenshot(driver, url: str, path: Path, scroll_to: str | None = None):
    driver.get(url)
    driver.execute_async_script(_PAGE_JS)
    if scroll_to:
        driver.execute_script(f"document.querySelector({scroll_to!r})?.scrollIntoView()")
    path.parent.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(path)), f"no screenshot saved at {path}"


@pytest.fixture(scope="module")
def book():
    """Build the book (incremental: seconds when nothing changed), crawl it, take screenshots."""
    from tools.book import build
    from tools.figure_index import figure_index, notebooks

    index = build(ROOT, BUILD)
    shots = BUILD / "screenshots"
    with Site(index.parent) as site, tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            report = crawl(driver, site.base)
            first = notebooks(ROOT)[min(2, len(notebooks(ROOT)) - 1)].stem
            screenshot(driver, site.base + "index.html", shots / "landing.png")
            screenshot(driver, f"{site.base}notebooks/{first}.html", shots / "notebook.png",
                       scroll_to="figure")
        finally:
            driver.quit()
    report.update(base=site.base, shots=shots, entries=figure_index(ROOT))
    return report


def test_every_internal_link_resolves(book):
    assert len(book["pages"]) > 5
    assert not book["broken_links"], "broken links (page, href, why):\n" + "\n".join(
        map(str, book["broken_links"]))


def test_every_image_loads(book):
    assert not book["broken_images"], f"images that did not load: {book['broken_images']}"


def test_landing_page_lists_the_papers_and_links_every_notebook(book):
    from tools.figure_index import notebooks, paper_of

    landing = book["pages"][book["base"] + "index.html"]
    for nb in notebooks(ROOT):
        assert f"{book['base']}notebooks/{nb.stem}.html" in landing["links"], nb.stem
        author, year = (paper_of(nb.stem).split() + ["", ""])[:2]
        assert author in landing["text"] and year in landing["text"], paper_of(nb.stem)


def test_each_notebook_page_shows_its_committed_figures(book):
    """Each file of figures/ under its cell; a notebook whose outputs hold images shows them."""
    from tools.figure_index import read_cells

    for e in book["entries"]:
        if not (e.file and e.from_notebook):
            continue
        page = book["pages"][f"{book['base']}notebooks/{e.site.notebook}.html"]
        shown = [src for src, width in page["images"] if width > 0]
        if read_cells(ROOT / "notebooks" / f"{e.site.notebook}.ipynb")[e.site.cell]["has_image"]:
            assert shown, f"the page of {e.site.notebook} shows no image"
        else:
            assert any(src.endswith("/" + Path(e.file).name) for src in shown), \
                f"{e.file} is not shown on the page of {e.site.notebook}"


def test_screenshots_saved(book):
    for name in ("landing.png", "notebook.png"):
        shot = book["shots"] / name
        assert shot.stat().st_size > 10_000, f"{shot} looks empty"


def test_crawler_finds_a_broken_link_anchor_and_image(tmp_path):
    """The checks above can fail: a tiny site with one of each defect."""
    (tmp_path / "index.html").write_text(
        '<html><body><h1 id="top">x</h1><a href="b.html#here">ok</a> <a href="b.html#gone">anchor</a>'
        ' <a href="missing.html">page</a> <a href="c.txt">file</a>'
        ' <img src="nothing.png"></body></html>')
    (tmp_path / "b.html").write_text('<html><body><p id="here">b</p></body></html>')
    with Site(tmp_path) as site, tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            report = crawl(driver, site.base)
        finally:
            driver.quit()
    why = sorted((link.rsplit("/", 1)[-1], reason) for _, link, reason in report["broken_links"])
    assert why == [("b.html#gone", "no element with id 'gone'"), ("c.txt", "HTTP 404"),
                   ("missing.html", "HTTP 404")]
    assert [src.rsplit("/", 1)[-1] for _, src in report["broken_images"]] == ["nothing.png"]
