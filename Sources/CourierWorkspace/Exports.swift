// The workspace domain is split by concept into modules (docs/design/workspace-module-split.md);
// this module re-exports them, so that the workbench, the TUI, the importers, the `courier`
// executable and the Fuzz and Benchmarks packages build against `CourierWorkspace` unchanged.

@_exported import CourierFormatCore
@_exported import CourierChecks
@_exported import CourierFormat
@_exported import CourierRunner
@_exported import CourierHistory
@_exported import CourierReports
@_exported import CourierLoadRuns
