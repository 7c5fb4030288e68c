package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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

    static final Path TOOT = Path.of("/usr/bin/toot");

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
        // Two of the scenario's waits on the service's background work may take ApiClient.BACKGROUND_WORK each.
        if (!process.waitFor(8, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the client ran over 8 minutes: " + Files.readString(log));
        }
        return said(command, new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8)));
    }

    /** What the client printed, kept in the test's output: what a person running it would have seen. */
    static Result said(List<String> command, Result result) {
        System.out.printf("$ %s%n%s(exit %d)%n", String.join(" ", command), result.output(), result.exit());
        return result;
    }

    /**
     * toot signs in with its own login command (the code typed in as a person would), then looks at itself, posts,
     * reads its home timeline and the instance. Its app is registered beforehand and put in toot's configuration, as
     * toot keeps one app per server.
     */
    @Test
    void tootRunsASmokeSession(@TempDir Path dir) throws Exception {
        MastodonHttp m = new MastodonHttp(backend.api());
        MastodonHttp.Person ada = m.person("Ada");
        MastodonHttp.App app = m.register("read write follow");
        String code = m.authorize(app, ada, "read write follow", null);
        String instance = m.base().getHost() + ":" + m.base().getPort();
        Files.createDirectories(dir.resolve("toot"));
        Files.writeString(
                dir.resolve("toot/config.json"),
                MastodonHttp.JSON.writeValueAsString(Map.of(
                        "active_user", "",
                        "users", Map.of(),
                        "apps",
                                Map.of(
                                        instance,
                                        Map.of(
                                                "instance", instance,
                                                "base_url", m.base().toString(),
                                                "client_id", app.clientId(),
                                                "client_secret", app.clientSecret())))));

        Result login = toot(dir, "n\n" + code + "\n", "login", "-i", instance, "--disable-https");
        assertThat(login.exit()).as(login.output()).isZero();
        Result whoami = toot(dir, "", "whoami");
        assertThat(whoami.exit()).as(whoami.output()).isZero();
        assertThat(whoami.output()).contains(ada.handle());
        Result post = toot(dir, "", "post", "hello from toot");
        assertThat(post.exit()).as(post.output()).isZero();
        assertThat(post.output()).contains(m.base() + "/@" + ada.handle() + "/");
        Result timeline = toot(dir, "", "timeline");
        assertThat(timeline.exit()).as(timeline.output()).isZero();
        assertThat(timeline.output()).contains("hello from toot");
        Result about = toot(dir, "", "instance", "--disable-https");
        assertThat(about.exit()).as(about.output()).isZero();
        assertThat(about.output()).contains("widefeed");
        // A sign-up is listed in the directory off the request, within a poll of the event log.
        Result search = await().atMost(ApiClient.BACKGROUND_WORK)
                .pollInterval(Duration.ofSeconds(1))
                .until(
                        () -> toot(dir, "", "search", ada.handle()),
                        found -> found.output().contains("@" + ada.handle()));
        assertThat(search.exit()).as(search.output()).isZero();
    }

    private static Result toot(Path dir, String input, String... arguments) throws Exception {
        assertThat(TOOT).as("Debian's toot (apt-get install toot)").isExecutable();
        List<String> command = new java.util.ArrayList<>(List.of(TOOT.toString()));
        command.addAll(List.of(arguments));
        Path log = dir.resolve("toot-output.txt");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("XDG_CONFIG_HOME", dir.toString());
        builder.environment().put("HOME", dir.toString());
        builder.environment().put("COLUMNS", "200");
        Process process = builder.start();
        try (var stdin = process.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("toot ran over 2 minutes: " + Files.readString(log));
        }
        return said(command, new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8)));
    }
}
