package dev.widefeed.analytics;

import dev.widefeed.restclient.Reply;
import dev.widefeed.restclient.RestClient;
import dev.widefeed.restclient.RestRequest;
import java.io.IOException;
import java.net.URI;
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

    private final RestClient admin;

    /** {@code admin}: the service's admin root, e.g. {@code http://host:8081}. */
    ServiceReconcile(URI admin) {
        this.admin = new RestClient(admin, Duration.ofSeconds(10), Duration.ofMinutes(5));
    }

    /** Reconciles the posts and users named ({@code kind} post or user); throws when the service did not. */
    void reconcile(String kind, List<Long> ids) throws IOException, InterruptedException {
        String query = ids.stream().map(id -> kind + "=" + id).collect(Collectors.joining("&"));
        Reply reply = admin.send(RestRequest.of("POST", "/tasks/reconcile?" + query));
        if (reply.status() != 200) {
            throw new IOException("the service's reconcile answered " + reply.status() + ": " + reply.text());
        }
    }
}
