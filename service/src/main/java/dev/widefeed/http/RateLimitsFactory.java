package dev.widefeed.http;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import io.github.bucket4j.TimeMeter;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.Optional;

/**
 * Request budgets per client (see {@link RateLimitFilter}). They are kept in this instance's memory:
 * behind a load balancer each instance grants a client its budget, so a client spread over N
 * instances gets up to N times as much.
 */
public class RateLimitsFactory {
    @JsonProperty
    public boolean enabled = true;

    /** Writes (POST, PUT, DELETE) per acting user. */
    @Valid
    @NotNull
    @JsonProperty
    public RateBudget writes = new RateBudget(10, Duration.seconds(1), 100);

    /** Reads (GET) per acting user, and per client address for the reads that need no token. */
    @Valid
    @NotNull
    @JsonProperty
    public RateBudget reads = new RateBudget(50, Duration.seconds(1), 500);

    /** Creating users, per client address. */
    @Valid
    @NotNull
    @JsonProperty
    public RateBudget signUps = new RateBudget(5, Duration.minutes(1), 20);

    /** Clients remembered per budget, about 400 bytes each; past this the least active are forgotten. */
    @Min(1)
    @JsonProperty
    public long maxClients = 50_000;

    /** The filter to register, unless rate limiting is off. */
    public Optional<RateLimitFilter> build(MetricRegistry metrics) {
        return enabled ? Optional.of(build(metrics, TimeMeter.SYSTEM_NANOTIME)) : Optional.empty();
    }

    RateLimitFilter build(MetricRegistry metrics, TimeMeter time) {
        return new RateLimitFilter(
                limit("reads", reads, metrics, time),
                limit("writes", writes, metrics, time),
                limit("signUps", signUps, metrics, time));
    }

    private RateLimit limit(String name, RateBudget budget, MetricRegistry metrics, TimeMeter time) {
        return new RateLimit(
                budget, maxClients, time, metrics.meter(MetricRegistry.name(RateLimitFilter.class, name, "refused")));
    }
}
