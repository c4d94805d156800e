"""The inspector page in a real browser: headless Chromium driven through WebDriver.

    python3 test_inspector.py PAGES_DIRECTORY

PAGES_DIRECTORY holds the logs make_logs.py writes (small, truncated and large .jsonl) and the
pages uniflow-inspect made from them (.html).
"""

import sys
import time
import unittest
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

PAGES = Path(sys.argv.pop(1) if len(sys.argv) > 1 else "pages").resolve()
# Loading and showing 100 000 actions; generous, since the machine may be busy building.
LARGE_LOAD_SECONDS = 20


def make_driver():
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,800"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


class InspectorTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.driver = make_driver()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def open(self, name):
        self.driver.get((PAGES / name).as_uri())
        WebDriverWait(self.driver, LARGE_LOAD_SECONDS).until(
            lambda d: d.execute_script("return document.body.dataset.ready") == "true")

    def rows(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#timeline .row[data-row]")

    def selected_seq(self):
        # Read in one script, once the selected row is drawn: the timeline draws only the rows
        # in view, and redraws them after a scroll, so an element found a moment before may be
        # gone (a stale element) and the selected row may not be drawn yet.
        script = "const row = document.querySelector('#timeline .row.selected'); " \
            "return row ? row.dataset.seq : null"
        return WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(script))

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def press(self, key):
        self.driver.switch_to.active_element.send_keys(key)

    def test_page_loads_nothing_from_outside(self):
        self.open("small.html")
        resources = self.driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)")
        self.assertEqual(resources, [])
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "script[src], link[href]"), [])

    def test_timeline_shows_every_action_with_its_time_and_chain(self):
        self.open("small.html")
        self.assertEqual(self.text("row-count"), "12 actions")
        rows = self.rows()
        self.assertEqual(len(rows), 12)
        self.assertEqual(rows[0].find_element(By.CLASS_NAME, "name").text, "appeared")
        self.assertEqual(rows[1].find_element(By.CLASS_NAME, "time").text, "+0.251s")
        effect_rows = [row.get_attribute("data-seq") for row in rows if "effect" in row.get_attribute("class")]
        self.assertEqual(effect_rows, ["2", "4", "7", "11", "12"])
        self.assertEqual(rows[11].find_element(By.CLASS_NAME, "badge").text, "effect of #11")
        # A chain shares its colour: #10 remove -> #11 saved -> #12 reloaded.
        colours = [row.find_element(By.CLASS_NAME, "chain").value_of_css_property("background-color") for row in rows]
        self.assertEqual(colours[9], colours[10])
        self.assertEqual(colours[10], colours[11])
        self.assertNotEqual(colours[8], colours[9])

    def test_markup_in_a_recorded_string_stays_text(self):
        self.open("small.html")
        self.rows()[4].click()
        self.assertIn("Bread </script> & <b>jam</b>", self.text("state"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#state b"), [])

    def test_clicking_a_step_shows_its_state_and_highlights_the_change(self):
        self.open("small.html")
        self.rows()[2].click()
        self.assertEqual(self.selected_seq(), "3")
        self.assertIn("add", self.text("action-title"))
        self.assertIn('"Eggs"', self.text("action"))
        change = self.driver.find_elements(By.CSS_SELECTOR, "#change .op")
        self.assertEqual([op.get_attribute("data-op") for op in change], ["add"])
        self.assertEqual(change[0].get_attribute("data-path"), "/todos/1")
        added = self.driver.find_elements(By.CSS_SELECTOR, "#state .hl-added")
        self.assertTrue(added)
        self.assertEqual(added[0].get_attribute("data-path"), "/todos/1")
        self.assertIn('"Eggs"', " ".join(line.text for line in added))
        self.assertIn('"Milk"', self.text("state"))

    def test_changed_and_removed_parts_are_highlighted(self):
        self.open("small.html")
        self.rows()[5].click()
        changed = self.driver.find_elements(By.CSS_SELECTOR, "#state .hl-changed")
        self.assertEqual([line.get_attribute("data-path") for line in changed], ["/todos/0/isDone"])
        self.assertIn("true", changed[0].text)
        self.rows()[9].click()
        removed = self.driver.find_elements(By.CSS_SELECTOR, "#state .hl-removed")
        self.assertEqual(len(removed), 1)
        self.assertIn("/todos/1", removed[0].text)
        self.assertIn('"Eggs"', removed[0].text)
        self.assertNotIn('"Eggs"', self.text("state").replace(removed[0].text, ""))

    def test_pointer_escapes_in_paths_are_read(self):
        self.open("small.html")
        self.rows()[8].click()
        added = self.driver.find_elements(By.CSS_SELECTOR, "#state .hl-added")
        self.assertEqual([line.get_attribute("data-path") for line in added], ["/notes~1tips"])
        self.assertIn('"notes/tips": "a key with a slash"', added[0].text)

    def test_a_cause_link_jumps_to_the_action_that_sent_it(self):
        self.open("small.html")
        self.rows()[11].click()
        self.assertIn("sent by an effect of #11 saved", self.text("action-title"))
        self.driver.find_element(By.CSS_SELECTOR, "#action-title a").click()
        self.assertEqual(self.selected_seq(), "11")

    def test_a_link_to_a_step_opens_on_it(self):
        self.driver.get((PAGES / "small.html").as_uri() + "#10")
        WebDriverWait(self.driver, LARGE_LOAD_SECONDS).until(
            lambda d: d.execute_script("return document.body.dataset.ready") == "true")
        self.assertEqual(self.selected_seq(), "10")
        self.assertIn("remove", self.text("action-title"))

    def test_filter_by_action_name(self):
        self.open("small.html")
        field = self.driver.find_element(By.ID, "filter")
        field.send_keys("sav")
        self.assertEqual([row.get_attribute("data-seq") for row in self.rows()], ["4", "7", "11"])
        self.assertEqual(self.text("row-count"), "3 of 12")
        self.assertEqual(self.selected_seq(), "4")
        field.send_keys(Keys.ARROW_DOWN)
        self.assertEqual(self.selected_seq(), "7")
        field.clear()
        field.send_keys("nothing like this")
        self.assertEqual(self.rows(), [])
        self.assertEqual(self.text("row-count"), "0 of 12")
        for _ in range(len("nothing like this")):
            field.send_keys(Keys.BACKSPACE)
        self.assertEqual(len(self.rows()), 12)

    def test_filter_matches_any_part_of_a_name_and_every_word(self):
        self.open("screens.html")
        field = self.driver.find_element(By.ID, "filter")
        field.send_keys("save")
        self.assertEqual([row.get_attribute("data-seq") for row in self.rows()], ["5", "6"])
        field.clear()
        field.send_keys("detail save")
        self.assertEqual([row.get_attribute("data-seq") for row in self.rows()], ["5", "6"])
        field.clear()
        field.send_keys("added")
        self.assertEqual([row.get_attribute("data-seq") for row in self.rows()], ["2"])
        field.clear()
        field.send_keys("element")
        self.assertEqual(self.text("row-count"), "3 of 7")

    def test_keyboard_moves_the_selection(self):
        self.open("small.html")
        self.assertEqual(self.selected_seq(), "1")
        self.press(Keys.ARROW_DOWN)
        self.press(Keys.ARROW_DOWN)
        self.assertEqual(self.selected_seq(), "3")
        self.assertIn('"Eggs"', self.text("action"))
        self.press(Keys.ARROW_UP)
        self.assertEqual(self.selected_seq(), "2")
        self.press(Keys.END)
        self.assertEqual(self.selected_seq(), "12")
        self.press(Keys.ARROW_DOWN)
        self.assertEqual(self.selected_seq(), "12")
        self.press(Keys.HOME)
        self.assertEqual(self.selected_seq(), "1")
        self.press(Keys.ARROW_UP)
        self.assertEqual(self.selected_seq(), "1")

    def test_a_log_cut_short_shows_what_was_read_and_marks_the_rest(self):
        self.open("truncated.html")
        self.assertEqual(self.text("row-count"), "11 actions")
        self.assertEqual(len(self.rows()), 11)
        issue = self.text("issue")
        self.assertIn("line 14", issue)
        self.assertIn("cut short", issue)
        self.assertIn("1 line of the log is skipped", issue)
        unread = self.driver.find_elements(By.CSS_SELECTOR, "#timeline .row.unread")
        self.assertEqual(len(unread), 1)
        self.assertIn("1 skipped", unread[0].text)

    def test_bad_lines_in_the_middle_are_marked_where_they_were_and_the_rest_is_shown(self):
        self.open("damaged.html")
        self.assertEqual(self.text("row-count"), "11 actions")
        issue = self.text("issue")
        self.assertIn("2 lines of the log are skipped", issue)
        self.assertIn("line 7: step 4 comes after step 4", issue)
        self.assertIn("line 11: not a valid step", issue)
        marked = self.driver.find_elements(By.CSS_SELECTOR, "#timeline .row.after-skipped")
        self.assertEqual([row.get_attribute("data-seq") for row in marked], ["5", "9"])
        self.assertIn("line 7", marked[0].get_attribute("title"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#timeline .row.unread"), [])
        self.press(Keys.END)
        self.assertEqual(self.selected_seq(), "12")

    def test_effects_are_drawn_as_lanes_from_start_to_end(self):
        self.open("effects.html")
        self.assertEqual(self.text("row-count"), "12 actions")
        self.assertEqual(self.text("issue"), "")
        lanes = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#lanes .lane')).map((lane) => [lane.dataset.effect, lane.dataset.kind, lane.textContent])")
        self.assertEqual([lane[:2] for lane in lanes], [["0", "finish"], ["1", "cancel"], ["2", "running"]])
        self.assertIn("of #1 appeared", lanes[0][2])
        self.assertIn("running", lanes[2][2])
        # A log without effects has no lanes.
        self.open("small.html")
        self.assertFalse(self.driver.find_element(By.ID, "effects").is_displayed())

    def test_a_chain_the_loop_guard_stopped_is_listed_and_marked_on_its_last_action(self):
        self.open("looped.html")
        self.assertEqual(self.text("row-count"), "102 actions")
        self.assertEqual(self.text("issue"), "")
        stops = self.text("stops")
        self.assertIn("stopped a chain of actions, after #101", stops)
        self.assertIn("repeating cycle: ping \u2192 pong \u2192 ping", stops)
        self.press(Keys.END)
        self.assertEqual(self.selected_seq(), "102")
        script = "return Array.from(document.querySelectorAll('#timeline .row.stopped'))" \
            ".map((row) => [row.dataset.seq, row.title, getComputedStyle(row.querySelector('.badge'), '::after').content])"
        marked = WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(script))
        self.assertEqual([row[0] for row in marked], ["101"])
        self.assertIn("Stopped after this step: Uniflow: effects sent more than 100 actions", marked[0][1])
        self.assertIn("chain stopped", marked[0][2])

    def test_a_hundred_thousand_actions_load_and_stay_responsive(self):
        started = time.monotonic()
        self.open("large.html")
        self.assertLess(time.monotonic() - started, LARGE_LOAD_SECONDS)
        self.assertEqual(self.text("row-count"), "100,000 actions")
        self.assertEqual(self.driver.find_element(By.ID, "timeline").get_attribute("data-rows"), "100000")
        # Only the rows in view are in the document.
        self.assertLess(len(self.rows()), 100)
        started = time.monotonic()
        self.press(Keys.END)
        self.assertEqual(self.selected_seq(), "100000")
        self.assertIn("#100000", self.text("action-title"))
        self.assertLess(len(self.rows()), 100)
        self.press(Keys.HOME)
        self.assertEqual(self.selected_seq(), "1")
        renames = sum(1 for line in (PAGES / "large.jsonl").read_text().splitlines()[2:]
                      if '"name":"rename"' in line)
        field = self.driver.find_element(By.ID, "filter")
        field.send_keys("rename")
        self.assertEqual(self.text("row-count"), "{:,} of 100,000".format(renames))
        self.assertLess(time.monotonic() - started, LARGE_LOAD_SECONDS)


if __name__ == "__main__":
    unittest.main(verbosity=2)
