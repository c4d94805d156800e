/// A wide state: 100 independent values, as a large form or settings screen holds, each shown
/// by its own small view; the `wide-state` and `observation` suites share it.
struct WideState {
  var field0 = 0
  var field1 = 0
  var field2 = 0
  var field3 = 0
  var field4 = 0
  var field5 = 0
  var field6 = 0
  var field7 = 0
  var field8 = 0
  var field9 = 0
  var field10 = 0
  var field11 = 0
  var field12 = 0
  var field13 = 0
  var field14 = 0
  var field15 = 0
  var field16 = 0
  var field17 = 0
  var field18 = 0
  var field19 = 0
  var field20 = 0
  var field21 = 0
  var field22 = 0
  var field23 = 0
  var field24 = 0
  var field25 = 0
  var field26 = 0
  var field27 = 0
  var field28 = 0
  var field29 = 0
  var field30 = 0
  var field31 = 0
  var field32 = 0
  var field33 = 0
  var field34 = 0
  var field35 = 0
  var field36 = 0
  var field37 = 0
  var field38 = 0
  var field39 = 0
  var field40 = 0
  var field41 = 0
  var field42 = 0
  var field43 = 0
  var field44 = 0
  var field45 = 0
  var field46 = 0
  var field47 = 0
  var field48 = 0
  var field49 = 0
  var field50 = 0
  var field51 = 0
  var field52 = 0
  var field53 = 0
  var field54 = 0
  var field55 = 0
  var field56 = 0
  var field57 = 0
  var field58 = 0
  var field59 = 0
  var field60 = 0
  var field61 = 0
  var field62 = 0
  var field63 = 0
  var field64 = 0
  var field65 = 0
  var field66 = 0
  var field67 = 0
  var field68 = 0
  var field69 = 0
  var field70 = 0
  var field71 = 0
  var field72 = 0
  var field73 = 0
  var field74 = 0
  var field75 = 0
  var field76 = 0
  var field77 = 0
  var field78 = 0
  var field79 = 0
  var field80 = 0
  var field81 = 0
  var field82 = 0
  var field83 = 0
  var field84 = 0
  var field85 = 0
  var field86 = 0
  var field87 = 0
  var field88 = 0
  var field89 = 0
  var field90 = 0
  var field91 = 0
  var field92 = 0
  var field93 = 0
  var field94 = 0
  var field95 = 0
  var field96 = 0
  var field97 = 0
  var field98 = 0
  var field99 = 0
}

/// The key paths of the wide state's fields, in order.
@MainActor let fieldPaths: [KeyPath<WideState, Int>] = [
  \.field0, \.field1, \.field2, \.field3, \.field4,
  \.field5, \.field6, \.field7, \.field8, \.field9,
  \.field10, \.field11, \.field12, \.field13, \.field14,
  \.field15, \.field16, \.field17, \.field18, \.field19,
  \.field20, \.field21, \.field22, \.field23, \.field24,
  \.field25, \.field26, \.field27, \.field28, \.field29,
  \.field30, \.field31, \.field32, \.field33, \.field34,
  \.field35, \.field36, \.field37, \.field38, \.field39,
  \.field40, \.field41, \.field42, \.field43, \.field44,
  \.field45, \.field46, \.field47, \.field48, \.field49,
  \.field50, \.field51, \.field52, \.field53, \.field54,
  \.field55, \.field56, \.field57, \.field58, \.field59,
  \.field60, \.field61, \.field62, \.field63, \.field64,
  \.field65, \.field66, \.field67, \.field68, \.field69,
  \.field70, \.field71, \.field72, \.field73, \.field74,
  \.field75, \.field76, \.field77, \.field78, \.field79,
  \.field80, \.field81, \.field82, \.field83, \.field84,
  \.field85, \.field86, \.field87, \.field88, \.field89,
  \.field90, \.field91, \.field92, \.field93, \.field94,
  \.field95, \.field96, \.field97, \.field98, \.field99,
]
