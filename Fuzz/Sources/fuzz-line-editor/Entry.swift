import FuzzSupport
import TodoCore
import TodoTerminal

/// The line editor driven by random keys, from a random starting draft: after every key the
/// cursor is inside the text, the text holds no line break, and what shows in the field fits
/// its width with the cursor in it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
  // A draft of any text the editor can make, the cursor anywhere (or outside, clamped).
  var draft = TextDraft()
  draft.apply(.insert(text(&input)))
  draft = TextDraft(draft.text, cursor: input.int(in: -2...(draft.text.count + 2)))
  checkInvariants(draft, width: input.int(in: 0...40))
  while !input.isEmpty {
    let key = key(&input)
    guard let edit = LineEditor.edit(for: key) else { continue }
    let before = draft
    draft.apply(edit)
    checkInvariants(draft, width: input.int(in: 0...40), after: "\(edit) on \(before)")
  }
  return 0
}

func checkInvariants(_ draft: TextDraft, width: Int, after context: @autoclosure () -> String = "") {
  let count = draft.text.count
  check((0...count).contains(draft.cursor), "cursor \(draft.cursor) outside 0...\(count) after \(context())")
  check(
    !draft.text.contains(where: \.isNewline),
    "a line break in \(draft.text.debugDescription) after \(context())")
  check(TextDraft(draft.text, cursor: draft.cursor) == draft, "the draft does not rebuild after \(context())")
  let (shown, column) = LineEditor.visible(draft, width: width)
  let room = max(1, width)
  check(TextWidth.columns(of: shown) <= room, "\(shown.debugDescription) is wider than \(room) columns")
  check((0..<room).contains(column), "cursor column \(column) outside \(room) columns")
}

/// Characters that test the edges of a line: combining marks, joiners, wide and zero-width
/// characters, line breaks of every kind, control characters.
let pieces: [String] = [
  "a", "Z", " ", "é", "e", "\u{301}", "\u{308}", "🥛", "👩", "\u{200D}", "👧", "🇫", "🇷", "中", "\u{200B}",
  "\r", "\n", "\r\n", "\u{2028}", "\u{85}", "\t", "\u{1B}", "\u{0}", "\u{FFFD}", "ᄀ", "ᅡ", "ᆨ", "\u{FE0F}",
]

func text(_ input: inout FuzzInput) -> String {
  var text = ""
  for _ in 0..<input.int(in: 0...6) { text += input.pick(pieces) }
  return text
}

func key(_ input: inout FuzzInput) -> Key {
  switch input.int(in: 0...6) {
  case 0, 1: .character(Character(input.pick(pieces)))
  case 2: .paste(text(&input))
  case 3: input.pick([.left, .right, .home, .end, .backspace, .delete, .enter, .escape, .tab, .up])
  case 4: .control(input.pick([0x01, 0x05, 0x0B, 0x15, 0x03]))
  case 5:
    .character(Character(Unicode.Scalar(UInt32(input.int(in: 0x20...0xFFFF))) ?? "?"))
  default: .paste(String(decoding: input.bytes(upTo: input.int(in: 0...16)), as: UTF8.self))
  }
}
