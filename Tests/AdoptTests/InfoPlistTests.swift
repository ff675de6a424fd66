import Foundation
import Testing

@testable import Adopt

@Suite("the REPL's bundle says the app target's Info.plist, its build settings resolved")
struct InfoPlistTests {
  @Test("settings resolve through their layers: $(inherited), modifiers, $NAME, and names nothing sets, empty and kept")
  func resolving() {
    var settings = BuildSettings(layers: [
      ["TARGET_NAME": "Element X", "PRODUCT_NAME": "$(TARGET_NAME)"],
      ["BASE_BUNDLE_IDENTIFIER": "io.element.elementx", "FLAGS": "-DBASE"],
      ["PRODUCT_BUNDLE_IDENTIFIER": "$(BASE_BUNDLE_IDENTIFIER)$(PROVISIONING_SUFFIX)", "FLAGS": "$(inherited) -DAPP"],
    ])
    #expect(settings.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "io.element.elementx")
    #expect(settings.value(of: "FLAGS") == "-DBASE -DAPP")
    #expect(settings.resolve("${PRODUCT_NAME:rfc1034identifier}.$PRODUCT_NAME:c99") == "Element-X.Element X:c99")
    #expect(settings.resolve("$(PRODUCT_NAME:c99extidentifier) $(PRODUCT_NAME:lower) $(NIGHTLY:default=NO) $() $5") == "Element_X element x NO  $5")
    #expect(settings.undefined == ["PROVISIONING_SUFFIX"])
    // A setting that names itself ends, empty.
    var looped = BuildSettings(layers: [["A": "$(B)", "B": "$(A)x"]])
    #expect(looped.value(of: "A")?.allSatisfy { $0 == "x" } == true)
  }

  @Test("an .xcconfig's settings: its #include first, comments and one-SDK settings left out")
  func xcconfig() {
    let files = [
      "Configuration/Base.xcconfig": "BUNDLE_ID_PREFIX = io.robbie\nBUNDLE_ID_SUFFIX = \n",
      "Configuration/App.debug.xcconfig": """
        #include "Base.xcconfig"
        // the debug build
        BUNDLE_ID_SUFFIX = .dev // a comment
        PRODUCT_BUNDLE_IDENTIFIER = ${BUNDLE_ID_PREFIX}.HomeAssistant${BUNDLE_ID_SUFFIX}
        CODE_SIGN_IDENTITY[sdk=iphoneos*] = iPhone Developer
        #include? "Missing.xcconfig"
        """,
    ]
    let settings = BuildSettings.xcconfig(files["Configuration/App.debug.xcconfig"]!, folder: "Configuration") { files[$0] }
    #expect(settings == [
      "BUNDLE_ID_PREFIX": "io.robbie", "BUNDLE_ID_SUFFIX": ".dev",
      "PRODUCT_BUNDLE_IDENTIFIER": "${BUNDLE_ID_PREFIX}.HomeAssistant${BUNDLE_ID_SUFFIX}",
    ])
  }

  /// A project in element-x's and home-assistant's shapes: the app name in the project's
  /// settings, the identifier's prefix in an .xcconfig beside a template of it, the target's
  /// `Info.plist` naming both.
  static let project = """
    {
      objects = {
        P = {isa = PBXProject; mainGroup = G; targets = (APP); buildConfigurationList = PL; developmentRegion = en; };
        G = {isa = PBXGroup; children = (APPSYN, CONFIG); sourceTree = "<group>"; };
        APPSYN = {isa = PBXFileSystemSynchronizedRootGroup; path = Rooms; sourceTree = "<group>"; };
        CONFIG = {isa = PBXFileReference; path = Configuration/Rooms.xcconfig; sourceTree = "<group>"; };
        APP = {isa = PBXNativeTarget; name = Rooms; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (APPSYN); buildPhases = (); buildConfigurationList = TL; };
        PL = {isa = XCConfigurationList; buildConfigurations = (PRELEASE, PDEBUG); };
        PRELEASE = {isa = XCBuildConfiguration; name = Release; buildSettings = {PRODUCTION_APP_NAME = "Rooms Pro"; }; };
        PDEBUG = {isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = CONFIG; buildSettings = {PRODUCTION_APP_NAME = "Rooms & Co"; }; };
        TL = {isa = XCConfigurationList; buildConfigurations = (TDEBUG); };
        TDEBUG = {isa = XCBuildConfiguration; name = Debug; buildSettings = {
          INFOPLIST_FILE = "$(SRCROOT)/Rooms/Info.plist"; PRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_ID_PREFIX).rooms$(PROVISIONING_SUFFIX)";
          INFOPLIST_KEY_CFBundleDisplayName = "$(PRODUCT_NAME) X"; SDKROOT = iphoneos; }; };
      };
      rootObject = P;
    }
    """

  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleExecutable</key>
    \t<string>$(EXECUTABLE_NAME)</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \t<key>isNightlyBuild</key>
    \t<false/>
    \t<key>productionAppName</key>
    \t<string>$(PRODUCTION_APP_NAME)</string>
    </dict>
    </plist>

    """

  static let model = """
    import Foundation

    final class RoomsViewModel: ObservableObject {
        @Published var title = Bundle.main.object(forInfoDictionaryKey: "productionAppName") as? String ?? "?"
        func refresh() {}
    }
    """

  @Test("the app target's Info.plist, its settings resolved from the project's, the .xcconfig's template and the target's, is what main.swift writes")
  func appInfoPlist() throws {
    let folder = try AppFolder("Rooms", files: [
      "Rooms.xcodeproj/project.pbxproj": Self.project,
      "Configuration/Rooms.xcconfig.template": "BUNDLE_ID_PREFIX = io.example // copy to Rooms.xcconfig\n",
      "Rooms/Info.plist": Self.infoPlist,
      "Rooms/RoomsViewModel.swift": Self.model,
    ])
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.bundleIdentifier == "io.example.rooms")
    #expect(app.bundleIdentifierNeeds.isEmpty)
    let main = RegistrationWriter.mainFile(
      bundleIdentifier: app.bundleIdentifier, infoPlist: app.infoPlist?.setting("CFBundleExecutable", to: "rooms-repl"))
    #expect(main.contains(##"""
      // An app always has a bundle identifier (`Bundle.main.bundleIdentifier!`, an app group's
      // name); a command-line program has none until an Info.plist beside it says one.
      // The app's own keys, its build settings resolved (apps read them at launch).
      // $(PROVISIONING_SUFFIX) is set by no build setting or .xcconfig adopt read
      // (a CI script's, a missing file's): empty here, as Xcode makes it.
      AppBundle.identify(as: "io.example.rooms", infoPlist: #"""
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \##t<key>CFBundleExecutable</key>
      \##t<string>rooms-repl</string>
      \##t<key>CFBundleIdentifier</key>
      \##t<string>io.example.rooms</string>
      \##t<key>isNightlyBuild</key>
      \##t<false/>
      \##t<key>productionAppName</key>
      \##t<string>Rooms &amp; Co</string>
      \##t<key>CFBundleDisplayName</key>
      \##t<string>Rooms X</string>
      </dict>
      </plist>
      """#)
      StandIns.declare(generatedStandIns)
      """##))
  }

  @Test("an identifier its settings leave malformed is made of the app's name, and main.swift says which settings it needed")
  func identifierNeedsSettings() throws {
    let folder = try AppFolder("Rooms", files: [
      "Rooms.xcodeproj/project.pbxproj": Self.project,
      "Rooms/Info.plist": Self.infoPlist,
      "Rooms/RoomsViewModel.swift": Self.model,
    ])
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.bundleIdentifier == "com.example.Rooms")
    #expect(app.bundleIdentifierNeeds == ["BUNDLE_ID_PREFIX", "PROVISIONING_SUFFIX"])
    #expect(app.infoPlist?.text.contains("<string>com.example.Rooms</string>") == true)
    #expect(RegistrationWriter.mainFile(bundleIdentifier: app.bundleIdentifier, identifierNeeds: app.bundleIdentifierNeeds).contains("""
      // The app target's PRODUCT_BUNDLE_IDENTIFIER needs $(BUNDLE_ID_PREFIX), $(PROVISIONING_SUFFIX), set by no build setting or
      // .xcconfig adopt read: this identifier is made of the app's name.
      AppBundle.identify(as: "com.example.Rooms")
      """))
  }

  @Test("a generated Info.plist (GENERATE_INFOPLIST_FILE) holds the keys its settings name and the versions")
  func generated() {
    var settings = BuildSettings(layers: [
      ["TARGET_NAME": "IceCubesApp", "PRODUCT_NAME": "$(TARGET_NAME)"],
      ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_CFBundleDisplayName": "Ice Cubes", "MARKETING_VERSION": "2.1.4"],
    ])
    let plist = AppInfoPlist.make(settings: &settings, bundleIdentifier: "com.example.IceCubesApp") { _ in nil }
    let keys = (try? PropertyListSerialization.propertyList(from: Data((plist?.text ?? "").utf8), format: nil)) as? [String: String]
    #expect(keys == [
      "CFBundleDisplayName": "Ice Cubes", "CFBundleShortVersionString": "2.1.4", "CFBundleName": "IceCubesApp",
      "CFBundleIdentifier": "com.example.IceCubesApp",
    ])
    // No file and no generated keys: nothing but the identifier, as before.
    var bare = BuildSettings(layers: [["TARGET_NAME": "App"]])
    #expect(AppInfoPlist.make(settings: &bare, bundleIdentifier: "com.example.App") { _ in nil } == nil)
  }
}
