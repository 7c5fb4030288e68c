package dev.widefeed.http;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MinDuration;
import io.dropwizard.validation.ValidationMethod;
import io.github.bucket4j.Bandwidth;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.concurrent.TimeUnit;

/**
 * One client's allowance: {@code rate} requests per {@code per} on average, and up to {@code burst}
 * at once after a quiet spell (a token bucket of {@code burst} tokens refilled at that rate).
 */
public class RateBudget {
    @Min(1)
    @JsonProperty
    public long rate;

    @NotNull
    @MinDuration(value = 1, unit = TimeUnit.MILLISECONDS)
    @JsonProperty
    public Duration per;

    @Min(1)
    @JsonProperty
    public long burst;

    public RateBudget() {}

    public RateBudget(long rate, Duration per, long burst) {
        this.rate = rate;
        this.per = per;
        this.burst = burst;
    }

    @ValidationMethod(message = "burst must be at least rate")
    @JsonIgnore
    public boolean isBurstAtLeastRate() {
        return burst >= rate;
    }

    Bandwidth bandwidth() {
        return Bandwidth.builder()
                .capacity(burst)
                .refillGreedy(rate, java.time.Duration.ofNanos(per.toNanoseconds()))
                .build();
    }

    /** How long an emptied bucket takes to fill up again. */
    java.time.Duration timeToFill() {
        double nanos = Math.ceil((double) per.toNanoseconds() * burst / rate);
        return java.time.Duration.ofNanos((long) Math.min(nanos, Long.MAX_VALUE));
    }
}
