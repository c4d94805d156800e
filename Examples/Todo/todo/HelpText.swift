import TodoCore

/// The program's version, as `--version` prints it.
let programVersion = "0.1.0"

/// The text `--help` prints.
let helpText = """
  todo: a todo list on an embedded SQLite database, built with Uniflow.

  Usage:
    todo                          the interactive list on a terminal; otherwise print the list
    todo add TITLE...             add a todo (the words make one title)
    todo add -                    add one todo per line of standard input
    todo list [--all|--open|--done]
                                  print the todos: all (the default), open ones, or done ones
    todo done ID                  mark a todo done
    todo reopen ID                mark a done todo open again
    todo rename ID TITLE...       give a todo a new title
    todo rm ID                    delete a todo
    todo clear-done               delete every done todo
    todo undo                     revert the last change; repeat to go further back
    todo inspect FILE [-o PAGE]   write a recorded session's timeline as one HTML page

  Options (before or after the command; -- ends them, for a title starting with '-'):
    --db PATH                     use the database file at PATH
    -h, --help                    show this help
    --version                     show the version
    --record FILE                 record the session's actions and states to FILE
                                  (or set $UNIFLOW_TODO_RECORD)

  Database file (its directory is created if missing):
    --db PATH if given, else $\(TodoDatabaseLocation.environmentVariable) if set,
    else $XDG_DATA_HOME/uniflow-todo/todos.sqlite, else ~/.local/share/uniflow-todo/todos.sqlite

  Interactive keys:
    up/down or k/j  move          space  toggle done      a  add       e  edit title
    d  delete                     u  undo                 c  clear done
    f  filter: all, open, done    esc  dismiss message    q  quit

  Exit status:
    0  success
    1  the change failed: unknown id, nothing to undo, or a database that cannot be used
       (not a todo database, newer schema, read-only, locked)
    2  usage error: unknown command or option, missing or invalid argument, empty title
  """
