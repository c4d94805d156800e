import Foundation

/// Creates the directory at `path` and its missing parents, like `mkdir -p`, each one private
/// to the user (0700): a todo list is nobody else's to read.
///
/// - Throws: ``TodoStoreError/cannotCreateDirectory(path:reason:)`` naming the directory that
///   could not be created and the system's reason.
func createDirectories(_ path: String) throws(TodoStoreError) {
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
    guard isDirectory.boolValue else {
      throw .cannotCreateDirectory(path: path, reason: String(cString: strerror(ENOTDIR)))
    }
    return
  }
  let parent = (path as NSString).deletingLastPathComponent
  if !parent.isEmpty, parent != path { try createDirectories(parent) }
  if mkdir(path, 0o700) != 0, errno != EEXIST {
    throw .cannotCreateDirectory(path: path, reason: String(cString: strerror(errno)))
  }
}
