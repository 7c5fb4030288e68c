package dev.widefeed.feed;

import dev.widefeed.feed.DeliveryRule.Delivery;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeliveryRuleTest {
    /** A push is one inbox write; a pull adds half an operation to a home read (a shared cache mostly answers it). */
    private static final DeliveryRule RULE = new DeliveryRule(100_000, 1.0, 0.5);

    @Test
    void anEdgeIsPushedWhenItsPostsCostLessToWriteThanToMergeIntoTheReads() {
        // 2 posts a day cost 2 to push; 10 reads a day cost 5 to pull: push.
        assertThat(RULE.choose(500, 2, 10)).isEqualTo(Delivery.PUSH);
        // 20 posts a day cost 20 to push; 10 reads cost 5 to pull: pull.
        assertThat(RULE.choose(500, 20, 10)).isEqualTo(Delivery.PULL);
    }

    @Test
    void equalCostsArePushed() {
        assertThat(RULE.choose(500, 5, 10)).isEqualTo(Delivery.PUSH);
        assertThat(RULE.choose(500, 5.000001, 10)).isEqualTo(Delivery.PULL);
    }

    @Test
    void theSameAuthorIsPushedToAvidReadersAndPulledByRareOnes() {
        assertThat(RULE.choose(5_000, 4, 48)).isEqualTo(Delivery.PUSH);
        assertThat(RULE.choose(5_000, 4, 1)).isEqualTo(Delivery.PULL);
    }

    @Test
    void aFollowerWhoDoesNotReadIsPulledAndAQuietAuthorPushed() {
        assertThat(RULE.choose(500, 0, 0)).isEqualTo(Delivery.PULL);
        assertThat(RULE.choose(500, 3, 0)).isEqualTo(Delivery.PULL);
        assertThat(RULE.choose(500, 0, 0.01)).isEqualTo(Delivery.PUSH);
    }

    @Test
    void anAuthorAboveTheThresholdIsPulledByEveryoneWhateverTheRates() {
        assertThat(RULE.pulledByEveryone(100_000)).isFalse();
        assertThat(RULE.pulledByEveryone(100_001)).isTrue();
        assertThat(RULE.choose(100_000, 0, 1_000)).isEqualTo(Delivery.PUSH);
        assertThat(RULE.choose(100_001, 0, 1_000)).isEqualTo(Delivery.PULL);
    }

    @Test
    void theThresholdIsNotNegativeAndTheCostsPositiveAndFinite() {
        assertThatThrownBy(() -> new DeliveryRule(-1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeliveryRule(1, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeliveryRule(1, 1, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeliveryRule(1, Double.POSITIVE_INFINITY, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RULE.choose(1, -1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
