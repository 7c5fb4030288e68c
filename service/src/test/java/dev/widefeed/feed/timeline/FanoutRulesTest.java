package dev.widefeed.feed.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.IdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FanoutRulesTest {
    private static final Instant CREATED = Instant.parse("2026-11-22T06:00:00Z");
    /** A post id whose encoded creation time is {@link #CREATED}. */
    private static final long POST = IdGenerator.lowestAt(CREATED) + 5;

    private static final Instant NOW = CREATED.plusSeconds(30);

    private static final FanoutRules.Tier HOT = new FanoutRules.Tier("hot", Duration.ofHours(1), Duration.ofMinutes(1));
    private static final FanoutRules.Tier WARM =
            new FanoutRules.Tier("warm", Duration.ofDays(1), Duration.ofMinutes(10));
    private static final FanoutRules.Tier COLD = new FanoutRules.Tier("cold", Duration.ofDays(7), Duration.ofHours(1));
    private static final FanoutRules RULES = new FanoutRules(1000, List.of(HOT, WARM, COLD));

    private static Optional<Instant> read(Duration ago) {
        return Optional.of(NOW.minus(ago));
    }

    /**
     * The hybrid plan at {@code pass}, with each earlier pass started at {@code startedAt} and every
     * tier given one candidate by the first pass (so none is skipped).
     */
    private static FanoutProgress hybridAt(int pass, Instant startedAt) {
        FanoutProgress plan = RULES.plan(POST, FanoutKind.DELIVER, 5000, false, NOW);
        List<FanoutProgress.TierProgress> tiers = new ArrayList<>(plan.tiers());
        for (int t = 0; t < tiers.size(); t++) {
            tiers.set(t, tiers.get(t).counted(1));
        }
        for (int t = 0; t <= Math.min(pass, tiers.size() - 1); t++) {
            tiers.set(t, tiers.get(t).started(startedAt));
        }
        return new FanoutProgress(
                plan.postId(),
                plan.kind(),
                plan.mode(),
                plan.followers(),
                tiers,
                pass,
                Optional.empty(),
                0,
                plan.createdAt(),
                NOW,
                Optional.empty(),
                Optional.empty());
    }

    @Test
    void aTierNeedsANameAPositiveWindowAndAPositiveDeadline() {
        Duration hour = Duration.ofHours(1);
        assertThatThrownBy(() -> new FanoutRules.Tier(null, hour, hour)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutRules.Tier(" ", hour, hour)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutRules.Tier("t", Duration.ZERO, hour))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutRules.Tier("t", hour.negated(), hour))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutRules.Tier("t", hour, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutRules.Tier("t", hour, hour.negated()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> new FanoutRules.Tier("t", Duration.ofMillis(1), Duration.ofMillis(1)))
                .doesNotThrowAnyException();
    }

    @Test
    void rulesNeedAtLeastOneTierAndANonNegativeThreshold() {
        assertThatThrownBy(() -> new FanoutRules(1000, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutRules(-1, List.of(HOT))).isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> new FanoutRules(0, List.of(HOT))).doesNotThrowAnyException();
    }

    @Test
    void eachTierMustBeStrictlyWiderThanThePreviousOne() {
        FanoutRules.Tier sameWindow = new FanoutRules.Tier("also-hot", HOT.activeWithin(), Duration.ofMinutes(5));
        assertThatThrownBy(() -> new FanoutRules(1000, List.of(HOT, sameWindow)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutRules(1000, List.of(WARM, HOT)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FanoutRules(1000, List.of(HOT, COLD, WARM)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRulesKeepTheirOwnCopyOfTheTiers() {
        List<FanoutRules.Tier> tiers = new ArrayList<>(List.of(HOT, WARM));
        FanoutRules rules = new FanoutRules(10, tiers);
        tiers.add(COLD);
        assertThat(rules.tiers()).containsExactly(HOT, WARM);
        assertThat(rules.activeWindow()).isEqualTo(Duration.ofDays(1));
    }

    @Test
    void theActiveWindowIsTheWidestTiersWindow() {
        assertThat(RULES.activeWindow()).isEqualTo(Duration.ofDays(7));
    }

    @Test
    void anAuthorAtTheThresholdIsPushedInOnePassOverTheWholeActiveWindow() {
        FanoutProgress plan = RULES.plan(POST, FanoutKind.DELIVER, 1000, false, NOW);
        assertThat(plan.mode()).isEqualTo(FanoutRules.PUSH);
        assertThat(plan.tiers())
                .containsExactly(
                        FanoutProgress.TierProgress.planned("active", Duration.ofDays(7), Duration.ofMinutes(1)));
        assertThat(plan.followers()).isEqualTo(1000);
    }

    @Test
    void anAuthorAboveTheThresholdIsFannedOutTierByTierMostActiveFirst() {
        FanoutProgress plan = RULES.plan(POST, FanoutKind.DELIVER, 1001, false, NOW);
        assertThat(plan.mode()).isEqualTo(FanoutRules.HYBRID);
        assertThat(plan.tiers())
                .containsExactly(
                        FanoutProgress.TierProgress.planned("hot", Duration.ofHours(1), Duration.ofMinutes(1)),
                        FanoutProgress.TierProgress.planned("warm", Duration.ofDays(1), Duration.ofMinutes(10)),
                        FanoutProgress.TierProgress.planned("cold", Duration.ofDays(7), Duration.ofHours(1)));
    }

    @Test
    void aThresholdOfZeroPushesOnlyForAnAuthorWithoutFollowers() {
        FanoutRules rules = new FanoutRules(0, List.of(HOT, WARM));
        assertThat(rules.plan(POST, FanoutKind.DELIVER, 0, false, NOW).mode()).isEqualTo(FanoutRules.PUSH);
        assertThat(rules.plan(POST, FanoutKind.DELIVER, 1, false, NOW).mode()).isEqualTo(FanoutRules.HYBRID);
    }

    @Test
    void aRetractionIsOnePassOverTheActiveWindowHoweverManyFollowers() {
        FanoutProgress plan = RULES.plan(POST, FanoutKind.RETRACT, 5_000_000, false, NOW);
        assertThat(plan.mode()).isEqualTo("retract");
        assertThat(plan.kind()).isEqualTo(FanoutKind.RETRACT);
        assertThat(plan.tiers())
                .containsExactly(
                        FanoutProgress.TierProgress.planned("active", Duration.ofDays(7), Duration.ofMinutes(1)));
    }

    @Test
    void aNewPlanStartsAtTheFirstPassWithNothingDoneAndTheCreationTimeOfThePostId() {
        FanoutProgress plan = RULES.plan(POST, FanoutKind.DELIVER, 5000, false, NOW);
        assertThat(plan.postId()).isEqualTo(POST);
        assertThat(plan.pass()).isZero();
        assertThat(plan.cursor()).isEmpty();
        assertThat(plan.skippedInactive()).isZero();
        assertThat(plan.pushed()).isZero();
        assertThat(plan.createdAt()).isEqualTo(CREATED);
        assertThat(plan.updatedAt()).isEqualTo(NOW);
        assertThat(plan.done()).isFalse();
        assertThat(plan.endedBecause()).isEmpty();
        assertThat(plan.tiers()).allSatisfy(t -> assertThat(t.startedAt()).isEmpty());
    }

    @Test
    void aFollowerWhoNeverSharedAReadIsInNoTierAndGetsNoPush() {
        FanoutProgress plan = hybridAt(0, NOW);
        assertThat(FanoutRules.tierOf(plan, Optional.empty(), NOW)).isEqualTo(-1);
        for (int pass = 0; pass < plan.tiers().size(); pass++) {
            assertThat(FanoutRules.sendsTo(hybridAt(pass, NOW), pass, Optional.empty(), NOW))
                    .isFalse();
        }
    }

    @Test
    void tiersAreDecidedByTheLastReadWithWindowsClosedAtTheirFarEnd() {
        FanoutProgress plan = hybridAt(0, NOW);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ZERO), NOW)).isEqualTo(0);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofHours(1)), NOW)).isEqualTo(0);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofHours(1).plusMillis(1)), NOW))
                .isEqualTo(1);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofDays(1)), NOW)).isEqualTo(1);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofDays(3)), NOW)).isEqualTo(2);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofDays(7)), NOW)).isEqualTo(2);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofDays(7).plusMillis(1)), NOW))
                .isEqualTo(-1);
    }

    @Test
    void aPushPlanHasOneTierSpanningTheWholeActiveWindow() {
        FanoutProgress plan = RULES.plan(POST, FanoutKind.DELIVER, 10, false, NOW);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofMinutes(1)), NOW)).isEqualTo(0);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofDays(7)), NOW)).isEqualTo(0);
        assertThat(FanoutRules.tierOf(plan, read(Duration.ofDays(8)), NOW)).isEqualTo(-1);
        assertThat(FanoutRules.sendsTo(plan, 0, read(Duration.ofDays(6)), NOW)).isTrue();
        assertThat(FanoutRules.sendsTo(plan, 0, read(Duration.ofDays(7).plusMillis(1)), NOW))
                .isFalse();
    }

    @Test
    void theFirstPassSendsToEveryoneWithinItsWindowAndNobodyBeyond() {
        FanoutProgress first = hybridAt(0, NOW);
        assertThat(FanoutRules.sendsTo(first, 0, read(Duration.ofMinutes(59)), NOW))
                .isTrue();
        assertThat(FanoutRules.sendsTo(first, 0, read(Duration.ofHours(1)), NOW))
                .isTrue();
        assertThat(FanoutRules.sendsTo(first, 0, read(Duration.ofHours(1).plusMillis(1)), NOW))
                .isFalse();
        assertThat(FanoutRules.sendsTo(first, 0, read(Duration.ofDays(2)), NOW)).isFalse();
    }

    @Test
    void aLaterPassSkipsThoseThePreviousPassAlreadyServed() {
        Instant firstPassStarted = NOW.minusSeconds(20);
        FanoutProgress second = hybridAt(1, firstPassStarted);
        // Read 30 minutes ago, before the first pass started: within the hot window then too, so pushed then.
        assertThat(FanoutRules.sendsTo(second, 1, read(Duration.ofMinutes(30)), NOW))
                .isFalse();
        assertThat(FanoutRules.sendsTo(second, 1, read(Duration.ofHours(5)), NOW))
                .isTrue();
        assertThat(FanoutRules.sendsTo(second, 1, read(Duration.ofDays(1)), NOW))
                .isTrue();
        assertThat(FanoutRules.sendsTo(second, 1, read(Duration.ofDays(1).plusMillis(1)), NOW))
                .isFalse();

        FanoutProgress third = hybridAt(2, firstPassStarted);
        assertThat(FanoutRules.sendsTo(third, 2, read(Duration.ofMinutes(30)), NOW))
                .isFalse();
        assertThat(FanoutRules.sendsTo(third, 2, read(Duration.ofHours(5)), NOW))
                .isFalse();
        assertThat(FanoutRules.sendsTo(third, 2, read(Duration.ofDays(3)), NOW)).isTrue();
        assertThat(FanoutRules.sendsTo(third, 2, read(Duration.ofDays(8)), NOW)).isFalse();
    }

    @Test
    void aFollowerWhoReadSinceThePreviousPassStartedIsSentToAgain() {
        Instant firstPassStarted = NOW.minusSeconds(20);
        FanoutProgress second = hybridAt(1, firstPassStarted);
        // The first pass may have read this follower's edge before this read: it may have missed them.
        assertThat(FanoutRules.sendsTo(second, 1, Optional.of(firstPassStarted), NOW))
                .isTrue();
        assertThat(FanoutRules.sendsTo(second, 1, read(Duration.ofSeconds(5)), NOW))
                .isTrue();
        assertThat(FanoutRules.sendsTo(second, 1, Optional.of(firstPassStarted.minusMillis(1)), NOW))
                .isFalse();
    }

    @Test
    void aFollowerWhoReadWhileAMiddleTierWasSkippedIsSentToByTheNextPass() {
        // The first pass started at t0 and found this follower cold (read 3 days before); they read at
        // t0 + 5 s; the first pass found nobody warm, so warm was skipped at t0 + 10 s; the cold pass
        // meets them at t0 + 11 s. Warm served nobody: the hot pass is the one to compare with, and it
        // started before the read, so it may have missed them.
        Instant t0 = NOW.minusSeconds(11);
        FanoutProgress plan = RULES.plan(POST, FanoutKind.DELIVER, 5000, false, NOW);
        List<FanoutProgress.TierProgress> tiers = new ArrayList<>(plan.tiers());
        tiers.set(0, tiers.get(0).started(t0).counted(1));
        tiers.set(1, tiers.get(1).skipped(t0.plusSeconds(10)));
        tiers.set(2, tiers.get(2).counted(1));
        FanoutProgress cold = new FanoutProgress(
                plan.postId(),
                plan.kind(),
                plan.mode(),
                plan.followers(),
                tiers,
                2,
                Optional.empty(),
                0,
                plan.createdAt(),
                NOW,
                Optional.empty(),
                Optional.empty());

        assertThat(FanoutRules.sendsTo(cold, 2, Optional.of(t0.plusSeconds(5)), NOW))
                .isTrue();
        // One in the hot window who read before the hot pass started was served by it.
        assertThat(FanoutRules.sendsTo(cold, 2, Optional.of(t0.minusSeconds(60)), NOW))
                .isFalse();
        // One only in the skipped warm window was served by nobody.
        assertThat(FanoutRules.sendsTo(cold, 2, read(Duration.ofHours(5)), NOW)).isTrue();
    }

    @Test
    void theDeadlineIsThePassUnderWayCountedFromThePostsCreation() {
        assertThat(FanoutRules.deadlineOf(hybridAt(0, NOW))).isEqualTo(CREATED.plus(Duration.ofMinutes(1)));
        assertThat(FanoutRules.deadlineOf(hybridAt(1, NOW))).isEqualTo(CREATED.plus(Duration.ofMinutes(10)));
        assertThat(FanoutRules.deadlineOf(hybridAt(2, NOW))).isEqualTo(CREATED.plus(Duration.ofHours(1)));
        assertThat(FanoutRules.deadlineOf(hybridAt(3, NOW)))
                .as("done: the last pass's")
                .isEqualTo(CREATED.plus(Duration.ofHours(1)));
    }

    @Test
    void aLatePlanKeepsTheDeadlineOfThePostsCreationNotOfThePlan() {
        FanoutProgress late = RULES.plan(POST, FanoutKind.DELIVER, 10, false, CREATED.plus(Duration.ofHours(2)));
        assertThat(FanoutRules.deadlineOf(late)).isEqualTo(CREATED.plus(Duration.ofMinutes(1)));
    }

    @Test
    void aPulledAuthorsPostIsPlannedWithNoPassAndItsDeadlineIsItsCreation() {
        FanoutProgress plan = RULES.plan(POST, FanoutKind.DELIVER, 5_000_000, true, NOW);
        assertThat(plan.mode()).isEqualTo(FanoutRules.PULL);
        assertThat(plan.tiers()).isEmpty();
        assertThat(plan.followers()).isEqualTo(5_000_000);
        assertThat(plan.done()).isFalse();
        assertThat(FanoutRules.deadlineOf(plan)).isEqualTo(plan.createdAt());
        assertThat(RULES.plan(POST, FanoutKind.RETRACT, 5_000_000, true, NOW).mode())
                .isEqualTo(FanoutRules.PULL);
    }
}
