#if canImport(Testing)
  import Testing
#endif

/// Where in a test a `TestStore` or `TestClock` method was called: failures are reported there.
package struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12`, for naming a call site inside a message.
  var shortDescription: String {
    "\(fileID):\(line)"
  }

  #if canImport(Testing)
    var sourceLocation: SourceLocation {
      SourceLocation(
        fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line),
        column: Int(column))
    }
  #endif
}
