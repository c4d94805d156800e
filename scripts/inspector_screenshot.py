"""Makes the README's picture of the inspector from a real recording of the Todo demo.

    python3 scripts/inspector_screenshot.py TODO_BINARY OUTPUT.png [OUTPUT.png ...]

Runs `todo --record` on a new database in a pseudo-terminal and types a short session into it,
as a user would (adding todos, completing one, writing a note on the detail screen, changing a
setting), writes the session's page with `todo inspect`, opens it in headless Chromium through
WebDriver on the step that saved the note, and saves a screenshot of the window to each output.

Needs Chromium, its WebDriver and Python's selenium, as the browser tests do (Tests/Browser/).
"""

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from todo_terminal import TerminalError, TodoTerminal

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

# What is typed, and what the screen shows once the program has handled it.
SESSION = [
    ("a", "Add: "), ("Buy milk\r", "Added 1: Buy milk"),
    ("a", "Add: "), ("Call mom\r", "Added 2: Call mom"),
    ("a", "Add: "), ("Pay rent\r", "Added 3: Pay rent"),
    ("k", None), (" ", "Done 2: Call mom"),
    ("\r", "Status"), ("About Sunday", "About Sunday"), ("\r", "Saved the note of 2"),
    ("s", "Settings"), (" ", "‹ open ›"), ("\x1b", "showing open"),
]
# The step the picture selects: its change is highlighted.
SELECTED_STEP = "path.element.detail.saved"
WINDOW = (1280, 800)


def record(todo, directory):
    """Records the session into directory/session.jsonl and returns its path."""
    log = directory / "session.jsonl"
    terminal = TodoTerminal.recording(todo, directory / "todos.sqlite", log)
    for keys, shown in SESSION:
        terminal.type(keys)
        if shown:
            terminal.read_until(shown)
        else:
            time.sleep(0.2)
    if terminal.finish() != 0:
        raise TerminalError("the program failed")
    return log


def screenshot(page, step, outputs):
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--window-size=%d,%d" % WINDOW):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        # The page at exactly this size, whatever the window's frame takes.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": WINDOW[0], "height": WINDOW[1], "deviceScaleFactor": 1, "mobile": False})
        driver.get(page.as_uri() + "#%d" % step)
        WebDriverWait(driver, 30).until(
            lambda d: d.execute_script("return document.body.dataset.ready") == "true")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const row = document.querySelector('#timeline .row.selected');"
            "return row && row.dataset.seq == arguments[0]", str(step)))
        for output in outputs:
            driver.save_screenshot(str(output))
    finally:
        driver.quit()


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    todo, outputs = sys.argv[1], [Path(path).resolve() for path in sys.argv[2:]]
    with tempfile.TemporaryDirectory() as work:
        directory = Path(work)
        log = record(todo, directory)
        steps = [json.loads(line) for line in log.read_text().splitlines()[2:]]
        selected = next(step["seq"] for step in steps if step.get("name") == SELECTED_STEP)
        page = directory / "timeline.html"
        subprocess.run([todo, "inspect", str(log), "-o", str(page)], check=True,
                       stdout=subprocess.DEVNULL)
        screenshot(page, selected, outputs)
    for output in outputs:
        print(f"wrote {output}")


if __name__ == "__main__":
    try:
        main()
    except TerminalError as error:
        raise SystemExit(f"inspector_screenshot: {error}")
