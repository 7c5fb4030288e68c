package dev.widefeed.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.configuration.ConfigurationValidationException;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.util.Duration;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The rateLimits section as config.yml writes it, and the settings it refuses. */
class RateLimitsFactoryTest {
    private final YamlConfigurationFactory<RateLimitsFactory> yaml = new YamlConfigurationFactory<>(
            RateLimitsFactory.class, Validators.newValidator(), Jackson.newObjectMapper(), "dw");

    private RateLimitsFactory parse(String text) throws Exception {
        return yaml.build(path -> new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "rateLimits");
    }

    @Test
    void budgetsAreWrittenAsRatePerDurationAndBurst() throws Exception {
        RateLimitsFactory limits = parse("""
                writes: { rate: 2, per: 1 minute, burst: 5 }
                maxClients: 10
                """);
        assertThat(limits.writes.rate).isEqualTo(2);
        assertThat(limits.writes.per).isEqualTo(Duration.minutes(1));
        assertThat(limits.writes.burst).isEqualTo(5);
        assertThat(limits.writes.timeToFill()).isEqualTo(java.time.Duration.ofSeconds(150));
        assertThat(limits.reads.rate).as("a budget left out keeps its default").isEqualTo(50);
        assertThat(limits.maxClients).isEqualTo(10);
    }

    @Test
    void aBurstBelowTheRateOrAnEmptyPeriodIsRefused() {
        assertThatThrownBy(() -> parse("writes: { rate: 10, per: 1 second, burst: 5 }"))
                .isInstanceOf(ConfigurationValidationException.class)
                .hasMessageContaining("burst must be at least rate");
        assertThatThrownBy(() -> parse("reads: { rate: 10, per: 0 seconds, burst: 10 }"))
                .isInstanceOf(ConfigurationValidationException.class);
        assertThatThrownBy(() -> parse("signUps: { rate: 0, per: 1 minute, burst: 10 }"))
                .isInstanceOf(ConfigurationValidationException.class);
    }
}
