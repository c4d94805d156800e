/// How long a property check lets the effects of one action run before it reports them as
/// never finishing.
struct EffectLimits {
  /// The most test-clock time the effects of one action may sleep.
  let maximumTime: Duration
  /// How long to wait, on `timeoutClock`, for effects that neither finish nor sleep on the test
  /// clock (waiting on a stream that never ends, say).
  let timeout: Duration
  let timeoutClock: any Clock<Duration>
}
