print("uniflow-bench: no suites yet")
