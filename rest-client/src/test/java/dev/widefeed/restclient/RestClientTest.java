package dev.widefeed.restclient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a tiny real server (the JDK's), which records what it was sent and answers as told. */
class RestClientTest {
    private static final Duration TIMEOUT = Duration.ofMillis(300);

    private HttpServer server;
    private ExecutorService handlers;
    private final Map<String, Seen> seen = new ConcurrentHashMap<>();
    /** Holds {@code /slow}'s answer until the test is over. */
    private final CountDownLatch released = new CountDownLatch(1);

    private RestClient client;

    /** What the server received for one path. */
    private record Seen(String method, String query, String protocol, Map<String, List<String>> headers, String body) {
        String header(String name) {
            List<String> values = headers.get(name);
            return values == null ? null : values.get(0);
        }
    }

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        handlers = Executors.newCachedThreadPool();
        server.setExecutor(handlers);
        server.createContext("/json", exchange -> answer(exchange, 200, "{\"id\":\"7\",\"n\":3}", Map.of()));
        server.createContext("/created", exchange -> answer(exchange, 201, "{\"id\":\"8\"}", Map.of()));
        server.createContext("/text", exchange -> answer(exchange, 200, "reconciled 3 posts\n", Map.of()));
        server.createContext("/empty", exchange -> answer(exchange, 204, "", Map.of()));
        server.createContext(
                "/unavailable",
                exchange -> answer(
                        exchange,
                        503,
                        "{\"code\":503,\"message\":\"the store is unavailable\"}",
                        Map.of("Retry-After", "1")));
        server.createContext(
                "/replayed",
                exchange -> answer(exchange, 201, "{\"id\":\"9\"}", Map.of("Idempotent-Replayed", "true")));
        server.createContext("/slow", exchange -> {
            try {
                released.await();
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
            answer(exchange, 200, "{}", Map.of());
        });
        server.createContext("/late", exchange -> {
            try {
                Thread.sleep(TIMEOUT.toMillis() * 2);
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
            answer(exchange, 200, "{}", Map.of());
        });
        server.start();
        client = new RestClient(
                URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/"), Duration.ofSeconds(2), TIMEOUT);
    }

    @AfterEach
    void stop() {
        released.countDown();
        server.stop(0);
        handlers.shutdownNow();
    }

    private void answer(HttpExchange exchange, int status, String body, Map<String, String> headers)
            throws IOException {
        String received = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        seen.put(
                exchange.getRequestURI().getPath(),
                new Seen(
                        exchange.getRequestMethod(),
                        exchange.getRequestURI().getRawQuery(),
                        exchange.getProtocol(),
                        Map.copyOf(exchange.getRequestHeaders()),
                        received));
        headers.forEach(exchange.getResponseHeaders()::add);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Test
    void aGetAsksForJsonWithItsTokenOverHttp11AndReadsTheJsonAnswer() throws Exception {
        Reply reply =
                client.send(RestRequest.get("/json?limit=100&cursor=a%2Bb").withToken("t0k"));

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.ok()).isTrue();
        assertThat(reply.text("id")).isEqualTo("7");
        assertThat(reply.body().get("n").asInt()).isEqualTo(3);
        assertThat(reply.text()).isEqualTo("{\"id\":\"7\",\"n\":3}");
        assertThat(reply.micros()).isPositive();
        Seen request = seen.get("/json");
        assertThat(request.method()).isEqualTo("GET");
        assertThat(request.query()).isEqualTo("limit=100&cursor=a%2Bb");
        assertThat(request.protocol()).isEqualTo("HTTP/1.1");
        assertThat(request.header("Accept")).isEqualTo("application/json");
        assertThat(request.header("Authorization")).isEqualTo("Bearer t0k");
        assertThat(request.header("Upgrade")).isNull();
        assertThat(request.header("Content-type")).isNull();
        assertThat(request.body()).isEmpty();
    }

    @Test
    void aBodyIsSentAsJsonWithAnyMethodAndHeader() throws Exception {
        Reply reply = client.send(RestRequest.of("POST", "/created")
                .withBody(Map.of("content", "hello #tag"))
                .withHeader("Idempotency-Key", "k1"));
        client.send(RestRequest.of("DELETE", "/json").withBody(List.of("a", "b")));

        assertThat(reply.status()).isEqualTo(201);
        Seen post = seen.get("/created");
        assertThat(post.method()).isEqualTo("POST");
        assertThat(post.header("Content-type")).isEqualTo("application/json");
        assertThat(post.header("Idempotency-key")).isEqualTo("k1");
        assertThat(post.header("Authorization")).isNull();
        assertThat(post.body()).isEqualTo("{\"content\":\"hello #tag\"}");
        assertThat(seen.get("/json").method()).isEqualTo("DELETE");
        assertThat(seen.get("/json").body()).isEqualTo("[\"a\",\"b\"]");
    }

    @Test
    void aBodyThatIsEmptyOrNotJsonIsNullButItsTextIsKept() throws Exception {
        Reply text = client.send(RestRequest.of("POST", "/text"));
        Reply empty = client.send(RestRequest.get("/empty"));

        assertThat(text.status()).isEqualTo(200);
        assertThat(text.body()).isNull();
        assertThat(text.text("id")).isNull();
        assertThat(text.text()).isEqualTo("reconciled 3 posts\n");
        assertThat(empty.status()).isEqualTo(204);
        assertThat(empty.body()).isNull();
        assertThat(empty.text()).isEmpty();
    }

    @Test
    void anErrorStatusIsAnAnswerWithTheContractsHeaders() throws Exception {
        Reply unavailable = client.send(RestRequest.get("/unavailable"));
        Reply replayed = client.send(RestRequest.of("POST", "/replayed").withBody(Map.of()));
        Reply first = client.send(RestRequest.of("POST", "/created").withBody(Map.of()));

        assertThat(unavailable.status()).isEqualTo(503);
        assertThat(unavailable.ok()).isFalse();
        assertThat(unavailable.retryAfter()).isTrue();
        assertThat(unavailable.text("message")).isEqualTo("the store is unavailable");
        assertThat(replayed.replayed()).isTrue();
        assertThat(replayed.retryAfter()).isFalse();
        assertThat(first.replayed()).isFalse();
    }

    @Test
    void noAnswerWithinTheTimeoutIsAnExceptionOrAValue() {
        assertThatThrownBy(() -> client.send(RestRequest.get("/slow"))).isInstanceOf(HttpTimeoutException.class);

        Reply none = client.sendOrNoAnswer(RestRequest.get("/slow"));
        assertThat(none.status()).isEqualTo(Reply.NO_ANSWER);
        assertThat(none.ok()).isFalse();
        assertThat(none.body()).isNull();
        assertThat(none.micros()).isGreaterThanOrEqualTo(TIMEOUT.toNanos() / 1_000);
    }

    @Test
    void aRequestMayWaitLongerThanTheClientsTimeout() throws Exception {
        Duration longer = TIMEOUT.multipliedBy(20);

        assertThat(client.sendOrNoAnswer(RestRequest.get("/late")).status()).isEqualTo(Reply.NO_ANSWER);
        assertThat(client.send(RestRequest.get("/late").withTimeout(longer)).status())
                .isEqualTo(200);
    }

    @Test
    void aRefusedConnectionIsNoAnswer() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        RestClient nowhere = new RestClient(URI.create("http://127.0.0.1:" + closed), Duration.ofSeconds(2), TIMEOUT);

        assertThat(nowhere.sendOrNoAnswer(RestRequest.get("/json")).status()).isEqualTo(Reply.NO_ANSWER);
        assertThatThrownBy(() -> nowhere.send(RestRequest.get("/json"))).isInstanceOf(IOException.class);
    }

    @Test
    void anAsyncSendAnswersLikeASyncOneAndFailsWithTheTimeout() {
        Reply reply = client.sendAsync(RestRequest.get("/json").withToken("t")).join();

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.text("id")).isEqualTo("7");
        assertThatThrownBy(() -> client.sendAsync(RestRequest.get("/slow")).join())
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(HttpTimeoutException.class);
    }

    @Test
    void anInterruptedWaitIsNoAnswerAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();
        try {
            Reply none = client.sendOrNoAnswer(RestRequest.get("/slow"));

            assertThat(none.status()).isEqualTo(Reply.NO_ANSWER);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aReplyCanBeRetimed() {
        Reply reply = new Reply(200, null, "", 1_000, true, false).withMicros(5_000);

        assertThat(reply).isEqualTo(new Reply(200, null, "", 5_000, true, false));
    }
}
