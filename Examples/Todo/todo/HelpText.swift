import TodoCore

/// The program's version, as `--version` prints it.
let programVersion = "0.1.0"

/// The text `--help` prints, its first line naming where the todos are.
///
/// - Parameter backend: Where the todos are: `nil` when it cannot be worked out.
func helpText(backend: Backend?) -> String {
  """
  todo: a todo list on \(backend?.phrase ?? "an embedded SQLite database"), built with Uniflow.

  Usage:
    todo                          the interactive list on a terminal; otherwise print the list
    todo add TITLE...             add a todo (the words make one title)
    todo add -                    add one todo per line of standard input
    todo list [--all|--open|--done] [--grep TEXT] [--json]
                                  print the todos: all (the default), open ones, or done ones;
                                  --grep keeps those whose title contains TEXT (ignoring case
                                  and accents); --json prints a JSON array, one object per
                                  todo with the keys id, title, done, created_at, completed_at,
                                  note
    todo done ID                  mark a todo done
    todo reopen ID                mark a done todo open again
    todo rename ID TITLE...       give a todo a new title
    todo rm ID                    delete a todo
    todo show ID                  print a todo: its title, status, dates and note
    todo note ID TEXT...          set a todo's note (the words make one line; "" clears it)
    todo note ID -                set a todo's note to standard input, on as many lines
    todo clear-done [--yes]       delete every done todo (on a terminal, asks first when
                                  more than one is done; --yes does not ask)
    todo undo                     revert the last change; repeat to go further back (the last
                                  100 changes are kept; an import with 'add -' is one change)
    todo redo                     apply again what undo reverted, until the next change
    todo config [KEY [VALUE]]     the display settings, kept in the database and shown at once
                                  by every running todo: no KEY lists them; KEY prints one;
                                  KEY VALUE sets it. The keys and their values:
                                    filter     all, open, done (the interactive list's filter)
                                    sort       created, title
                                    done-last  no, yes (done todos after the open ones)
                                    colour     auto, always, never
                                  'todo list' lists in their order, with its own filter
    todo inspect FILE [-o PAGE] [--app NAME]
                                  write a recorded session's timeline as one HTML page, as
                                  uniflow-inspect does (same messages and exit statuses); a
                                  line of the log that cannot be read is skipped with a
                                  warning, and the page still shows the rest (status 0)
    todo replay FILE              replay a recorded session against this version of todo
                                  (the database's recorded answers come from the log) and
                                  print the first step whose state differs: status 0 when
                                  every state matches, 1 otherwise

  A title has at most \(Todo.maximumTitleLength) characters and a note at most \(Todo.maximumNoteLength): a longer one
  is refused with the reason (status 2).

  Options (before or after the command; -- ends them, for a title starting with '-'):
    --db PATH                     use the database file at PATH
    --server CONNINFO             keep the todos on a PostgreSQL server (or set
                                  $UNIFLOW_TODO_SERVER): a libpq connection string or URI,
                                  such as postgresql://todo@db.example.org/todos; TLS
                                  settings (sslmode=verify-full…) pass through to libpq. The
                                  display settings stay in the local database file. For
                                  the server's password: \(PostgresServer.passwordAdvice)
    -h, --help                    show this help
    --version                     show the version
    --record FILE                 record the session's actions and states to a new file
                                  FILE (or set $UNIFLOW_TODO_RECORD); an existing file is
                                  refused, a symbolic link too; a FIFO or a character device
                                  (/dev/null) is written through, never replaced; the
                                  folder must exist
    --record-replace FILE         the same, replacing the regular file FILE if it exists

  Database file:
    --db PATH if given, else $\(TodoDatabaseLocation.environmentVariable) if set,
    else $XDG_DATA_HOME/uniflow-todo/todos.sqlite, else ~/.local/share/uniflow-todo/todos.sqlite
    It is created, with its folder, by what stores something: add, config KEY VALUE and the
    interactive list. Where there is none, the other commands answer as from an empty list and
    create nothing (with a warning naming a path given with --db or the variable).

  Output: on a terminal, done todos are dimmed and errors red (not with NO_COLOR set, or
  TERM=dumb); the colour setting makes the lists always (even to a pipe) or never coloured;
  to a pipe or a file, an empty list prints nothing.

  Interactive keys (TERM=dumb prints the list instead):
    up/down, k/j      move            PgUp/PgDn  move a page      g/G, Home/End  first/last
    space             toggle done     a  add                      e  edit the title
    enter             open the todo's detail: its dates, and its note to type (saved as you
                      pause); Tab there shows the todo's changes that undo can revert;
                      enter or esc go back, once the note is saved
    d, Delete         delete          u  undo                     r  redo
    /                 search          f, Tab  filter: all, open, done
    c                 clear done      esc  dismiss the message, or clear the search kept
    q, Ctrl-C         quit
    s                 settings: up/down choose, left/right or space change, esc/enter back
    Ctrl-Z            suspend (resume with fg)
  While typing a title, a search or a note (for a note, enter and esc both go back, saving it):
    enter  save (a search: keep)      esc  cancel (a search: clear)
    left/right, Home/End, Ctrl-A/Ctrl-E  move      Backspace/Delete  delete a character
    Ctrl-U/Ctrl-K  delete before/after the cursor
  In a note: Ctrl-_ (Ctrl-/ in most terminals) undoes typing or deleting, Ctrl-Y redoes it.

  Exit status:
    0  success
    1  the change failed: unknown id, nothing to undo, or a database that cannot be used
       (not a todo database, newer schema, read-only, locked), or a server that cannot be
       reached or refuses the login (offline: the change was not made)
    2  usage error: unknown command or option, missing or invalid argument, empty title,
       title or note too long, unknown setting or value
    3  the change was made, but telling of it failed: its output could not be written (a
       full disk), or its recording failed part way (the log lacks some of it); do not run
       the command again. A log that cannot be opened is status 1, before any change; output
       that fails when nothing changed (a list) is status 1 too
  """
}
