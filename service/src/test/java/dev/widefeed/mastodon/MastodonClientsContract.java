package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Mastodon face driven by clients nobody here wrote: Debian's Mastodon.py ({@code python3-mastodon}) runs the
 * daily loop (docs/mastodon.md). The clients come from Debian like the browser: `.ci/run` installs them, and
 * without them this test fails, never skips (docs/TESTING.md).
 */
@BackendContract
public class MastodonClientsContract {
    /** Debian's interpreter, which sees Debian's Python packages (another python3 on the PATH may not). */
    static final Path PYTHON = Path.of("/usr/bin/python3");

    private final TestBackend backend;

    MastodonClientsContract(TestBackend backend) {
        this.backend = backend;
    }

    private String handle(String name) {
        String handle = "p" + Long.toString(System.nanoTime(), 36);
        ApiClient.body(
                backend.api()
                        .request("/v1/users", null)
                        .post(Entity.json(ApiClient.signUp("name", name, "handle", handle))),
                201);
        return handle;
    }

    @Test
    void mastodonPyRunsTheDailyLoop(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("scenario.py");
        try (InputStream in = getClass().getResourceAsStream("/mastodon/mastodon_py_scenario.py")) {
            Files.copy(in, script);
        }
        Result run = run(
                dir,
                List.of(
                        PYTHON.toString(),
                        script.toString(),
                        backend.api().baseUri().toString(),
                        handle("Ada"),
                        handle("Bob"),
                        ApiClient.PASSWORD));
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("scenario passed");
    }

    record Result(int exit, String output) {}

    static Result run(Path dir, List<String> command) throws IOException, InterruptedException {
        assertThat(PYTHON)
                .as("Debian's python3 with python3-mastodon (apt-get install python3-mastodon toot)")
                .isExecutable();
        Path log = dir.resolve("output.txt");
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the client ran over 3 minutes: " + Files.readString(log));
        }
        return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
