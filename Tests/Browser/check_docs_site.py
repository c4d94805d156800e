"""The built documentation site in a real browser: headless Chromium driven through WebDriver.

    python3 check_docs_site.py SITE_DIRECTORY

SITE_DIRECTORY is what scripts/build-docs writes (.build/docs-site): an index page and one
DocC archive per product. The site is served over HTTP on 127.0.0.1 (DocC's pages fetch their
content, which browsers refuse from file: URLs). Checks that the index links every product,
that each product's root page renders its title, and that every internal link on a root page
leads to a page that renders a title too, and that each article's section headings render as
headings (a code fence left open swallows them without any DocC warning). Links to a product
that is not in the site are listed, not followed.
"""

import functools
import re
import http.server
import sys
import threading
import unittest
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SITE = Path(sys.argv.pop(1) if len(sys.argv) > 1 else ".build/docs-site").resolve()
# Generous: the machine may be busy building.
RENDER_SECONDS = 30
NOT_FOUND = ("can’t be found", "can't be found")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def products():
    return sorted(p.name for p in SITE.iterdir() if (p / "documentation").is_dir())


def plain(text):
    """A heading's text without code voice and with plain quotes, as source and page compare."""
    for curly, straight in (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, straight)
    return " ".join(text.replace("`", "").split())


def article_headings(product):
    """Each article of the product's catalog, by its page's name, with the section headings
    (`##`, `###`) its Markdown has outside code blocks, as text."""
    catalog = Path(__file__).resolve().parents[2] / "Sources" / product / "Documentation.docc"
    articles = {}
    for path in sorted(catalog.glob("*.md")):
        if path.stem == product:
            continue
        headings, fence = [], False
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.match(r"^\s*(```|~~~)", line):
                fence = not fence
            elif not fence and re.match(r"^#{2,3} \S", line):
                headings.append(re.sub(r"<doc:[^>]*>", "", line.lstrip("#").strip()))
        articles[path.stem.lower()] = headings
    return articles


def make_driver():
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,800"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


class DocsSiteTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        handler = functools.partial(QuietHandler, directory=str(SITE))
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        cls.thread = threading.Thread(target=cls.server.serve_forever, daemon=True)
        cls.thread.start()
        cls.base = f"http://127.0.0.1:{cls.server.server_address[1]}/"
        cls.driver = make_driver()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.shutdown()
        cls.server.server_close()

    def root(self, product):
        return urljoin(self.base, f"{product}/documentation/{product.lower()}/")

    def render(self, url):
        """Opens url and returns the title DocC rendered, failing if none or a not-found page."""
        self.driver.get(url)
        try:
            WebDriverWait(self.driver, RENDER_SECONDS).until(
                lambda d: d.execute_script(
                    "const h = document.querySelector('main h1');"
                    "return h && h.textContent.trim().length > 0"))
        except Exception:
            self.fail(f"{url} rendered no title")
        title = self.driver.find_element(By.CSS_SELECTOR, "main h1").text.strip()
        # The text content, not WebDriver's rendered text of the body: that one lays the whole
        # page out again, about half a second a page, a minute of this check.
        body = self.driver.execute_script("return document.body.textContent")
        for phrase in NOT_FOUND:
            self.assertNotIn(phrase, body, f"{url} is DocC's not-found page")
        return title

    def internal_links(self):
        """The page's links to other pages of this site, without fragments, in order."""
        hrefs = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('a[href]'), a => a.href)")
        here = urldefrag(self.driver.current_url)[0]
        links = []
        for href in hrefs:
            url = urldefrag(href)[0]
            if urlparse(url).netloc != urlparse(self.base).netloc or url == here:
                continue
            if url not in links:
                links.append(url)
        return links

    def test_the_site_has_a_product(self):
        self.assertIn("Uniflow", products())

    def test_the_index_links_every_product(self):
        self.driver.get(self.base)
        hrefs = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('a[href]'), a => a.href)")
        for product in products():
            self.assertIn(self.root(product), hrefs)

    def test_every_root_page_renders_and_its_links_lead_to_pages(self):
        built = set(products())
        for product in sorted(built):
            with self.subTest(product=product):
                title = self.render(self.root(product))
                self.assertEqual(title, product)
                links = self.internal_links()
                self.assertTrue(links, f"{product}'s root page has no links")
                followed, elsewhere = 0, []
                for url in links:
                    target = urlparse(url).path.strip("/").split("/")[0]
                    if target not in built:
                        elsewhere.append(url)
                        continue
                    with self.subTest(link=url):
                        self.render(url)
                        followed += 1
                print(f"{product}: root page and {followed} linked pages render", file=sys.stderr)
                for url in elsewhere:
                    print(f"  not followed (product not in this site): {url}", file=sys.stderr)

    def test_every_articles_headings_render_as_headings(self):
        for product in products():
            for article, headings in article_headings(product).items():
                with self.subTest(product=product, article=article):
                    self.render(urljoin(self.root(product), article))
                    rendered = self.driver.execute_script(
                        "return Array.from(document.querySelectorAll('main h2, main h3'),"
                        " h => h.textContent.replace(/\\s+/g, ' ').trim())")
                    rendered = [plain(heading) for heading in rendered]
                    for heading in headings:
                        self.assertIn(plain(heading), rendered, f"{article}: '{heading}' is not a heading")


if __name__ == "__main__":
    unittest.main(verbosity=2)
