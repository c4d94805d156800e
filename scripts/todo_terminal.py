"""The Todo program on a pseudo-terminal, as a user runs it: shared by the scripts and the
browser tests that type into a recorded session.

    from todo_terminal import TodoTerminal, TerminalError
    terminal = TodoTerminal.recording(todo_binary, database, log)   # shows its list
    terminal.type("a"); terminal.read_until("Add: ")
    status = terminal.finish()                                      # types q, waits
"""

import fcntl
import os
import select
import struct
import subprocess
import termios
import time


class TerminalError(Exception):
    """The program did not show what was awaited, or ended early."""


class TodoTerminal:
    """A program running on a pseudo-terminal of 30 lines of 100 columns."""

    def __init__(self, arguments, environment):
        controller, terminal = os.openpty()
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.process = subprocess.Popen(
            arguments, stdin=terminal, stdout=terminal, stderr=terminal, env=environment,
            start_new_session=True)
        os.close(terminal)
        self.controller = controller
        self.output = b""

    @classmethod
    def recording(cls, todo, database, log):
        """Starts `todo --db DATABASE --record LOG` in colour and waits for its list: keys typed
        before the program reads the terminal raw would wait for a line."""
        environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
        environment.update(TERM="xterm-256color", LANG="C.UTF-8")
        environment.pop("UNIFLOW_TODO_RECORD", None)
        terminal = cls([str(todo), "--db", str(database), "--record", str(log)], environment)
        terminal.read_until("Uniflow Todo")
        return terminal

    def type(self, keys):
        os.write(self.controller, keys.encode())

    def read_until(self, text, seconds=30):
        """Reads the screen until it shows `text`; raises TerminalError after `seconds`."""
        deadline = time.monotonic() + seconds
        while text.encode() not in self.output:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TerminalError(f"the program never showed {text!r}")
            ready, _, _ = select.select([self.controller], [], [], left)
            if ready:
                try:
                    self.output += os.read(self.controller, 65536)
                except OSError:
                    raise TerminalError("the program ended early")

    def finish(self):
        """Types q, reads the screen to its end and returns the program's exit status (killed
        after 30 s)."""
        try:
            self.type("q")
            while select.select([self.controller], [], [], 10)[0]:
                if not os.read(self.controller, 65536):
                    break
        except OSError:
            pass  # the terminal closed with the program
        try:
            status = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        os.close(self.controller)
        return status
