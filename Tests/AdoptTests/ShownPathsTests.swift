import Testing

@testable import Adopt

@Suite("a vendored package's paths shown by its location")
struct ShownPathsTests {
  @Test("every vendored copy's paths in a text, in one pass: a longer name's folder is not a shorter one's, other text as it was")
  func shownPaths() {
    var app = AppSources(folder: "/work/apps/Pods", appName: "Pods", files: [])
    app.vendored = [
      (folder: "/work/apps/Pods-vmrepl/vendored/Lottie", location: "github.com/airbnb/lottie-ios"),
      (folder: "/work/apps/Pods-vmrepl/vendored/LottieUI", location: "github.com/example/lottie-ui"),
    ]
    let text = """
      // Stands in for ../Pods-vmrepl/vendored/Lottie/Sources/Animation.swift (its file imports `UIKit`): café
      // and ../Pods-vmrepl/vendored/LottieUI/View.swift, not ../Pods-vmrepl/vendored/Other/X.swift, nor ../Pods-vmrepl/vendored/Lottie
      """
    #expect(app.shownPaths(in: text) == """
      // Stands in for github.com/airbnb/lottie-ios/Sources/Animation.swift (its file imports `UIKit`): café
      // and github.com/example/lottie-ui/View.swift, not ../Pods-vmrepl/vendored/Other/X.swift, nor ../Pods-vmrepl/vendored/Lottie
      """)
    #expect(app.shownPaths(in: "no path here") == "no path here")
    #expect(app.shown("../Pods-vmrepl/vendored/LottieUI/View.swift") == "github.com/example/lottie-ui/View.swift")
  }
}
