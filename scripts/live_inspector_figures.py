"""Measures the live inspector for BENCHMARKS.md: the time from a line written to the log to its
row on the page, and the tool's memory with a session of 100 000 steps.

    python3 scripts/live_inspector_figures.py UNIFLOW_INSPECT_BINARY

Writes a log of 100 000 steps (the browser tests' large session), follows it with
`uniflow-inspect --live`, opens the page in headless Chromium through WebDriver, and waits for
every step to be listed; then appends steps one at a time, each timed from the write to its row.
Prints the figures. Needs what the browser tests need (Tests/Browser/).
"""

import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "Browser"))
from make_logs import large_session, step  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

STEPS = 100_000
APPENDED = 30


def resident_kib(pid):
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main():
    inspect = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        log = Path(work) / "s.jsonl"
        log.write_text(large_session(STEPS))
        size = log.stat().st_size
        inspector = subprocess.Popen([inspect, "--live", str(log)], stdout=subprocess.PIPE, text=True)
        url = re.search(r"http://\S+", inspector.stdout.readline()).group(0)
        idle_kib = resident_kib(inspector.pid)
        options = Options()
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1280,800"):
            options.add_argument(argument)
        driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        rows = "return Number(document.getElementById('timeline').dataset.rows || 0)"
        try:
            started = time.monotonic()
            driver.get(url)
            WebDriverWait(driver, 120, poll_frequency=0.05).until(lambda d: d.execute_script(rows) >= STEPS)
            load_seconds = time.monotonic() - started
            loaded_kib = resident_kib(inspector.pid)
            heap = driver.execute_script("return performance.memory ? performance.memory.usedJSHeapSize : 0")
            dom_rows = driver.execute_script("return document.querySelectorAll('#timeline .row').length")
            # A filter over every step, timed inside the page.
            filter_ms = driver.execute_script(
                "const f = document.getElementById('filter'); const t = performance.now();"
                "f.value = 'toggle'; f.dispatchEvent(new Event('input'));"
                "const ms = performance.now() - t; f.value = ''; f.dispatchEvent(new Event('input')); return ms")
            latencies = []
            with log.open("a") as file:
                for n in range(APPENDED):
                    seq = STEPS + 1 + n
                    before = driver.execute_script(rows)
                    written = time.monotonic()
                    file.write(step(seq, seq * 0.001, "appended", None, {}, []) + "\n")
                    file.flush()
                    WebDriverWait(driver, 10, poll_frequency=0.002).until(lambda d: d.execute_script(rows) > before)
                    latencies.append((time.monotonic() - written) * 1000)
            print("log: %d steps, %.1f MB" % (STEPS, size / 1e6))
            print("page listed every step in %.1f s (%d rows in the document)" % (load_seconds, dom_rows))
            print("tool memory (resident): %.1f MB once it read the log, %.1f MB once the page got all %d steps"
                  % (idle_kib / 1024, loaded_kib / 1024, STEPS))
            print("page script heap: %.1f MB" % (heap / 1e6))
            print("filter over %d steps: %.0f ms" % (STEPS, filter_ms))
            print("written line to row on the page, %d lines: median %.0f ms, max %.0f ms (includes WebDriver polling)"
                  % (APPENDED, statistics.median(latencies), max(latencies)))
        finally:
            driver.quit()
            inspector.stdout.close()
            inspector.terminate()
            inspector.wait(timeout=30)


if __name__ == "__main__":
    main()
