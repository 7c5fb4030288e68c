package dev.widefeed.analytics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The service's own reconcile, asked through its admin task ({@code POST /tasks/reconcile?post=ID&user=ID...}):
 * for counters that kept moving while the audit counted, it reads each one's counter and rows at a known point
 * (counter, rows, counter again, until the two counter reads agree) and corrects by the difference.
 */
final class ServiceReconcile {
    /** Objects per request: a request recounts them one after the other. */
    static final int BATCH = 50;

    private final URI admin;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** {@code admin}: the service's admin root, e.g. {@code http://host:8081}. */
    ServiceReconcile(URI admin) {
        this.admin = admin;
    }

    /** Reconciles the posts and users named ({@code kind} post or user); throws when the service did not. */
    void reconcile(String kind, List<Long> ids) throws IOException, InterruptedException {
        String query = ids.stream().map(id -> kind + "=" + id).collect(Collectors.joining("&"));
        HttpRequest request = HttpRequest.newBuilder(admin.resolve("/tasks/reconcile?" + query))
                .timeout(Duration.ofMinutes(5)).POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("the service's reconcile answered " + response.statusCode() + ": " + response.body());
        }
    }
}
