import Courier
import CourierWorkspace

/// The line `L` asks for: a load run's settings as `key=value` words — `c=16 d=10s` keeps 16
/// requests in flight for ten seconds, `r=200 d=30s` starts 200 a second for thirty.
///
/// `c=` concurrency (closed model) or `r=` rate a second (open model, `max=` in flight at most,
/// 256 as `courier load --rate` has it); `d=` duration or `n=` requests (ten seconds when
/// neither); `w=` warm-up and `ramp=`; or `stages=30s:100/s,1m:500/s` (`30s:c8,…` closed) instead
/// of the level and the time; `checks=on` runs the request's `expect:` on every response
/// (`courier load --checks`); `slo=p99<50ms,errors<1%` finds the highest rate within it
/// (`courier load --find-max`: from `r=`, 10 a second unless given, each step `step=` long).
/// Durations and rates read as `courier load` reads them
/// (``LoadDurationText``): `10s`, `500ms`, `2m`, a bare number of seconds; `200`, `200/s`.
enum LoadSettings {
    /// What `L` offers the first time.
    static let standard = "c=16 d=10s"
    /// The open model's most in flight unless `max=` says.
    static let standardMaxInFlight = 256

    /// The plan a line asks for, or why it cannot run.
    static func plan(from line: String) -> Result<LoadPlan, LoadSettingsProblem> {
        parse(line).map(\.plan)
    }

    /// The plan a line asks for and, with `slo=`, the search for the highest rate within it.
    static func parse(_ line: String) -> Result<(plan: LoadPlan, search: LoadKneeFinder?), LoadSettingsProblem> {
        var values: [String: String] = [:]
        for word in line.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                return .failure(LoadSettingsProblem("\(word): write key=value (\(keys))"))
            }
            let key = parts[0].lowercased()
            guard Self.names[key] != nil else { return .failure(LoadSettingsProblem("\(parts[0])= is not a setting (\(keys))")) }
            guard values[key] == nil else { return .failure(LoadSettingsProblem("\(key)= is given twice")) }
            values[key] = parts[1]
        }
        do {
            if values["slo"] != nil { return .success(try search(values)) }
            return .success((try plan(values), nil))
        } catch {
            return .failure(error)
        }
    }

    /// `slo=` (and `step=`): `courier load --find-max`'s plan and search, read as it reads them.
    private static func search(_ values: [String: String]) throws(LoadSettingsProblem) -> (plan: LoadPlan, search: LoadKneeFinder?) {
        let others = ["c", "n", "ramp", "stages"].filter { values[$0] != nil }
        if !others.isEmpty {
            throw LoadSettingsProblem("slo= ramps a rate itself: leave out " + others.map { "\($0)=" }.joined(separator: " "))
        }
        var options = LoadOptions(rate: values["r"], maxInFlight: values["max"], duration: values["d"], warmup: values["w"])
        options.findMax = true
        options.slo = values["slo"]
        options.step = values["step"]
        var result: (plan: LoadPlan, search: LoadKneeFinder?)
        do {
            let plan = try options.plan()
            result = (plan, try options.kneeFinder(plan: plan))
        } catch {
            throw LoadSettingsProblem(error.message.replacingOccurrences(of: "--find-max", with: "slo=")
                .replacingOccurrences(of: "--slo", with: "slo=").replacingOccurrences(of: "--step", with: "step=")
                .replacingOccurrences(of: "--rate", with: "r=").replacingOccurrences(of: "--duration", with: "d="))
        }
        try applyChecks(values, to: &result.plan)
        return result
    }

    private static func plan(_ values: [String: String]) throws(LoadSettingsProblem) -> LoadPlan {
        if values["step"] != nil { throw LoadSettingsProblem("step= goes with slo=: it is how long each step of the search holds") }
        var plan = try pacing(values)
        try applyChecks(values, to: &plan)
        return plan
    }

    /// `checks=on` (or off).
    private static func applyChecks(_ values: [String: String], to plan: inout LoadPlan) throws(LoadSettingsProblem) {
        switch values["checks"]?.lowercased() {
        case nil, "off", "no", "false": break
        case "on", "yes", "true": plan.checks = true
        case let other?: throw LoadSettingsProblem("checks=\(other): on runs the request's expect: on every response, off only measures")
        }
    }

    private static func pacing(_ values: [String: String]) throws(LoadSettingsProblem) -> LoadPlan {
        if let text = values["stages"] { return try staged(text, values) }
        let model: LoadPlan.Model
        switch (values["c"], values["r"]) {
        case (_?, _?):
            throw LoadSettingsProblem("c= and r= exclude each other: c= keeps N in flight, r= starts N a second")
        case (nil, let rate?):
            guard let perSecond = LoadDurationText.rate(rate) else {
                throw LoadSettingsProblem("r=\(rate): the rate is a positive number of requests a second (200, 200/s, 120/m)")
            }
            model = .open(rate: perSecond, maxInFlight: try integer(values["max"], "max") ?? standardMaxInFlight)
        case (let concurrency, nil):
            if values["max"] != nil { throw LoadSettingsProblem("max= goes with r=: with c= the concurrency is the most in flight") }
            model = .closed(concurrency: try integer(concurrency, "c") ?? 16)
        }
        let requests = try integer(values["n"], "n")
        var duration = try seconds(values["d"], "d")
        if duration == nil, requests == nil { duration = 10 }
        let plan = LoadPlan(model: model, duration: duration, requests: requests,
                            warmup: try seconds(values["w"], "w") ?? 0,
                            ramp: try seconds(values["ramp"], "ramp") ?? 0)
        if let problem = plan.problem { throw LoadSettingsProblem(problem) }
        return plan
    }

    /// `stages=30s:100/s,1m:500/s` (``LoadStagesText``): the levels and the time, so no c=, r=,
    /// d=, n= or ramp=; `max=` with rates, `w=` either way.
    private static func staged(_ text: String, _ values: [String: String]) throws(LoadSettingsProblem) -> LoadPlan {
        let others = ["c", "r", "d", "n", "ramp"].filter { values[$0] != nil }
        if !others.isEmpty {
            throw LoadSettingsProblem("stages= says the levels and the time: leave out " + others.map { "\($0)=" }.joined(separator: " "))
        }
        let parsed: (stages: [LoadStage], open: Bool)
        switch LoadStagesText.parse(text) {
        case .success(let stages): parsed = stages
        case .failure(let error): throw LoadSettingsProblem(error.message.replacingOccurrences(of: "--stages", with: "stages="))
        }
        if !parsed.open, values["max"] != nil { throw LoadSettingsProblem("max= goes with stages of rates: with c stages the concurrency is the most") }
        let plan = LoadPlan(stages: parsed.stages, open: parsed.open, maxInFlight: try integer(values["max"], "max") ?? standardMaxInFlight,
                            warmup: try seconds(values["w"], "w") ?? 0)
        if let problem = plan.problem { throw LoadSettingsProblem(problem) }
        return plan
    }

    /// A saved run as the line that asked for it: a find-max run by its SLO (`slo=p99<50ms`),
    /// since its plan is only where the search began; any other by its plan.
    static func line(of run: LoadRunSummary) -> String {
        line(of: run.plan, slo: run.slo)
    }

    /// A run's plan as its line, or the SLO its search keeps to when it is a find-max run.
    static func line(of plan: LoadPlan, slo: String?) -> String {
        slo.map { "slo=" + $0 } ?? line(of: plan)
    }

    /// A plan as the line that asks for it: `c=16 d=10s`, `r=200 d=30s w=5s checks=on`, `stages=30s:100/s,1m:500/s`.
    static func line(of plan: LoadPlan) -> String {
        pacingLine(of: plan) + (plan.checks == true ? " checks=on" : "")
    }

    private static func pacingLine(of plan: LoadPlan) -> String {
        if let stages = plan.stages {
            var words = ["stages=" + LoadStagesText.text(stages, open: plan.isOpen)]
            if case .open(_, let maxInFlight) = plan.model, maxInFlight != standardMaxInFlight { words.append("max=\(maxInFlight)") }
            if plan.warmup > 0 { words.append("w=\(Self.duration(plan.warmup))") }
            return words.joined(separator: " ")
        }
        var words: [String] = []
        switch plan.model {
        case .closed(let concurrency): words.append("c=\(concurrency)")
        case .open(let rate, let maxInFlight):
            words.append("r=\(LoadReportFormat.plain(rate))")
            if maxInFlight != standardMaxInFlight { words.append("max=\(maxInFlight)") }
        }
        if let duration = plan.duration { words.append("d=\(Self.duration(duration))") }
        if let requests = plan.requests { words.append("n=\(requests)") }
        if plan.warmup > 0 { words.append("w=\(Self.duration(plan.warmup))") }
        if plan.ramp > 0 { words.append("ramp=\(Self.duration(plan.ramp))") }
        return words.joined(separator: " ")
    }

    /// `10s`, `1.5s`, `250ms`, `2m`.
    static func duration(_ seconds: Double) -> String { LoadReportFormat.duration(seconds) }

    private static let names = ["c": "concurrency", "r": "rate", "max": "most in flight", "d": "duration", "n": "requests",
                                "w": "warm-up", "ramp": "ramp", "stages": "stages", "checks": "checks", "slo": "SLO",
                                "step": "step"]
    private static let keys = "c= r= max= d= n= w= ramp= stages= checks= slo= step="

    private static func integer(_ text: String?, _ key: String) throws(LoadSettingsProblem) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value > 0 else {
            throw LoadSettingsProblem("\(key)=\(text): the \(names[key]!) is a whole number of at least 1")
        }
        return value
    }

    private static func seconds(_ text: String?, _ key: String) throws(LoadSettingsProblem) -> Double? {
        guard let text else { return nil }
        guard let seconds = LoadDurationText.seconds(text), key == "w" || key == "ramp" || seconds > 0 else {
            throw LoadSettingsProblem("\(key)=\(text): the \(names[key]!) is a time such as 10s, 500ms or 2m")
        }
        return seconds
    }
}

/// Why a settings line cannot run, shown under it in the prompt.
struct LoadSettingsProblem: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
