import Examples
import Foundation
import Processes
import Scenario

/// Scripted HTTP through URLSession: requests per second in one session (the search example on
/// its URLSession transport, each request answered by a stub through URLSession's own threads),
/// and how long `vmrepl replay` takes for a scenario of ten requests.
@MainActor
func httpFigures(requests: Int) -> [String] {
  let timeline = Timeline(models: Examples.all)
  _ = timeline.execute("use search base=https://api.github.com")
  _ = timeline.execute("set word \"swift\"")
  _ = timeline.execute(#"stub http GET /search/repositories json={"total_count":0,"items":[]}"#)
  _ = timeline.execute("await send search")  // URLSession's first use, out of the figure
  var failures = 0
  let seconds = measure {
    for _ in 0..<requests where timeline.execute("await send search").error != nil { failures += 1 }
  }
  _ = timeline.session.finish()
  var lines = [
    "scripted HTTP through URLSession: \(Int(Double(requests) / seconds)) requests per second (\(requests) in \(rounded(seconds)) s"
      + (failures == 0 ? ")" : ", \(failures) failed)")
  ]
  let binary = CurrentExecutable.directory.appendingPathComponent("vmrepl").path
  let scenario = "scenarios/search/urlsession-ten-requests.scenario"
  if FileManager.default.fileExists(atPath: binary), FileManager.default.fileExists(atPath: scenario) {
    var times: [Double] = []
    for _ in 0..<20 { times.append(measure { _ = runChild(binary, ["replay", scenario], input: nil) }) }
    lines.append("vmrepl replay of a 10-request scenario (\(scenario)): \(rounded(times.sorted()[10] * 1000)) ms median start to verdict (20 runs)")
  }
  return lines
}
