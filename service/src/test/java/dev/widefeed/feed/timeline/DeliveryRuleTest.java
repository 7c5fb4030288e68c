package dev.widefeed.feed.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.widefeed.feed.timeline.DeliveryRule.Delivery;
import dev.widefeed.kernel.IdGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

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

    @Test
    void anEdgeSwitchesOnlyWhenTheOtherWayIsClearlyCheaper() {
        // Break-even at 5 posts a day for 10 reads (pull costs half a push); a quarter past it either way.
        assertThat(RULE.keepOrSwitch(Delivery.PUSH, 500, 6, 10)).isEqualTo(Delivery.PUSH);
        assertThat(RULE.keepOrSwitch(Delivery.PUSH, 500, 6.3, 10)).isEqualTo(Delivery.PULL);
        assertThat(RULE.keepOrSwitch(Delivery.PULL, 500, 4.5, 10)).isEqualTo(Delivery.PULL);
        assertThat(RULE.keepOrSwitch(Delivery.PULL, 500, 3.9, 10)).isEqualTo(Delivery.PUSH);
        // No band where the plain rule is certain: nobody reading, or an author everyone pulls.
        assertThat(RULE.keepOrSwitch(Delivery.PUSH, 500, 0.1, 0)).isEqualTo(Delivery.PULL);
        assertThat(RULE.keepOrSwitch(Delivery.PUSH, 100_001, 0.1, 1000)).isEqualTo(Delivery.PULL);
    }

    @Test
    void anAuthorsPostsADayComeFromTheTimesOfTheirNewestPosts() {
        Instant now = Instant.parse("2026-01-10T00:00:00Z");
        IdGenerator ids = new IdGenerator(1, Clock.fixed(now, ZoneOffset.UTC));
        assertThat(DeliveryRule.postsPerDay(List.of(), 20, now)).isZero();
        // Too few to be a rate: a new author is quiet, not thousands a day.
        assertThat(DeliveryRule.postsPerDay(List.of(ids.next()), 20, now)).isZero();
        List<Long> four = List.of(ids.next(), ids.next(), ids.next(), ids.next());
        assertThat(DeliveryRule.postsPerDay(four, 20, now)).isZero();
        // Five, fewer than asked for: over at least a day, so five a day however recent.
        List<Long> five = List.of(ids.next(), ids.next(), ids.next(), ids.next(), ids.next());
        assertThat(DeliveryRule.postsPerDay(five, 20, now)).isEqualTo(5.0);
        // Twenty made over the last two days: ten a day.
        List<Long> twenty = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            twenty.add(IdGenerator.lowestAt(now.minus(Duration.ofMinutes(144L * i))));
        }
        assertThat(DeliveryRule.postsPerDay(twenty, 20, now)).isCloseTo(20 / (19 * 144.0 / 1440), within(1e-9));
        // Twenty in the last minute: over at least an hour, so 480 a day.
        List<Long> burst = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            burst.add(IdGenerator.lowestAt(now.minusSeconds(i)));
        }
        assertThat(DeliveryRule.postsPerDay(burst, 20, now)).isEqualTo(480.0);
    }
}
