import FuzzSupport
import TodoCore
import TodoTerminal

/// The Todo command line on random arguments (the input's NUL-separated pieces): every list
/// of arguments is a command or a `UsageError` with its message; a title or a note it accepts
/// is already what the database would store, an id is positive.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  let invocation: Invocation
  do {
    invocation = try Invocation(arguments: arguments)
  } catch {
    check(!error.message.isEmpty, "a usage error without a message")
    return 0
  }
  check(invocation.databasePath?.isEmpty != true, "an empty database path")
  switch invocation.command {
  case .add(let title):
    checkTitle(title)
  case .rename(let id, let title):
    checkTitle(title)
    check(id > 0, "the id \(id)")
  case .done(let id), .reopen(let id), .remove(let id), .show(let id), .note(let id, _),
    .noteFromStandardInput(let id):
    check(id > 0, "the id \(id)")
  case .config(let key, let value?):
    var settings = TodoSettings()
    check(key != nil, "a value without a setting")
    check((try? key?.set(value, in: &settings)) != nil, "the value \(value) for \(String(describing: key))")
  default:
    break
  }
  return 0
}

func checkTitle(_ title: String) {
  check((try? Todo.validatedTitle(title)) == title, "the title \(title.debugDescription) is not as stored")
}
