package dev.widefeed.perf.report;

import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.perf.results.FanoutResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.results.RunManifest;
import dev.widefeed.perf.results.SteadyResult;
import dev.widefeed.perf.results.StrategiesResult;
import dev.widefeed.perf.scenario.CostScenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What one run directory holds: the result of each scenario that ran, the HDR logs beside them, and a line for
 * each file that was there but could not be read.
 */
record RunData(
        Path directory,
        Optional<RunManifest> manifest,
        Optional<CeilingResult> ceiling,
        Optional<SteadyResult> steady,
        Optional<CelebrityResult> celebrity,
        Optional<StrategiesResult> strategies,
        Optional<FanoutResult> fanout,
        Optional<CostScenario.Result> cost,
        List<HdrLogs.Summary> hdrLogs,
        List<String> problems) {

    static RunData load(Path directory, Consumer<String> progress) throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new NoSuchFileException(directory.toString(), null, "not a run directory");
        }
        List<String> problems = new ArrayList<>();
        RunData run = new RunData(
                directory,
                read(directory, Results.MANIFEST, RunManifest.class, problems, progress),
                read(directory, Results.CEILING, CeilingResult.class, problems, progress),
                read(directory, Results.STEADY, SteadyResult.class, problems, progress),
                read(directory, Results.CELEBRITY, CelebrityResult.class, problems, progress),
                read(directory, Results.STRATEGIES, StrategiesResult.class, problems, progress),
                read(directory, Results.FANOUT, FanoutResult.class, problems, progress),
                read(directory, CostScenario.RESULT, CostScenario.Result.class, problems, progress),
                HdrLogs.read(directory, problems),
                List.copyOf(problems));
        run.problems().forEach(p -> progress.accept("could not read " + p));
        return run;
    }

    private static <T> Optional<T> read(
            Path directory, String name, Class<T> type, List<String> problems, Consumer<String> progress) {
        try {
            Optional<T> result = Results.read(directory, name, type);
            result.ifPresent(r -> progress.accept("read " + name));
            return result;
        } catch (IOException e) {
            // A half-written or older-format result should cost its own section, not the whole report.
            problems.add(name + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}
