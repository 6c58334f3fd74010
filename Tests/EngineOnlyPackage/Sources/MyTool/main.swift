import Courier

// docs/library.md's examples are compiled here against the engine alone (the other files);
// Tests/CourierTests runs them against the demo server.
print("Courier \(courierVersion), engine only")
