import UniflowDevTools

print("uniflow-inspect: not built yet")
