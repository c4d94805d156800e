/// Marks the elements of one longest strictly increasing subsequence of `values`.
///
/// Patience sorting: each value goes on the leftmost pile whose top is not smaller, found by
/// binary search; a value remembers the top of the pile to its left, and following those links
/// back from the last pile gives the subsequence. A list that is already increasing (the common
/// case for a list that only gained or lost rows) is recognised in one pass.
///
/// - Parameter values: Distinct integers.
/// - Returns: For each value, whether it is on the subsequence.
/// - Complexity: O(n) for an increasing list, O(n log n) otherwise.
@inlinable
func longestIncreasingSubsequenceMask(_ values: [Int]) -> [Bool] {
  var isIncreasing = true
  for index in values.indices.dropFirst() where values[index - 1] > values[index] {
    isIncreasing = false
    break
  }
  if isIncreasing { return Array(repeating: true, count: values.count) }

  // tops[k]: the index of the smallest value that ends an increasing subsequence of length k + 1.
  var tops: [Int] = []
  var previous = [Int](repeating: -1, count: values.count)
  for index in values.indices {
    let value = values[index]
    var low = 0
    var high = tops.count
    while low < high {
      let middle = (low + high) / 2
      if values[tops[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[index] = tops[low - 1] }
    if low == tops.count { tops.append(index) } else { tops[low] = index }
  }
  var mask = [Bool](repeating: false, count: values.count)
  var index = tops.last ?? -1
  while index >= 0 {
    mask[index] = true
    index = previous[index]
  }
  return mask
}
