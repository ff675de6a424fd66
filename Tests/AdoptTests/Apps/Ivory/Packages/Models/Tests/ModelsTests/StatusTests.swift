import XCTest
@testable import Models
final class StatusTests: XCTestCase {}
