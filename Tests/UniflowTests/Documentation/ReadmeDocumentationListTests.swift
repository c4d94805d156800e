import Foundation
import Testing

/// The README's list of guides names every article of every documentation catalog.
@Suite struct ReadmeDocumentationListTests {
  @Test func theReadmeLinksEveryArticle() throws {
    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "\n## Documentation\n"))
    let list = readme[section.upperBound...]
    let sources = root.appending(path: "Sources")
    var articles = 0
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let catalog = sources.appending(path: "\(module)/Documentation.docc")
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else {
        continue
      }
      for file in files.sorted() where file.hasSuffix(".md") && file != "\(module).md" {
        articles += 1
        let link = "(Sources/\(module)/Documentation.docc/\(file))"
        #expect(list.contains(link), "the README's documentation list lacks \(link)")
      }
    }
    #expect(articles >= 15)
  }
}
