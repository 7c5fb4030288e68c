package dev.widefeed.account;

import dev.widefeed.kernel.IdGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Counts failed sign-ins per handle and per client address in the store, so every instance sees the same counts,
 * and refuses sign-ins for a key past its limit until its window ends. A key's count is its current window's and
 * the previous one's, so failures just before a window's end still count after it. A handle nobody holds is
 * counted like one somebody holds: the answer must not tell them apart.
 */
final class SignInThrottle {
    private final AccountStore store;
    private final AccountRules rules;
    private final IdGenerator ids;
    private final Clock clock;

    SignInThrottle(AccountStore store, AccountRules rules, IdGenerator ids, Clock clock) {
        this.store = store;
        this.rules = rules;
        this.ids = ids;
        this.clock = clock;
    }

    /** Throws {@link SignInThrottledException} when either key is past its limit. */
    void check(String handleText, String address) {
        Instant now = clock.instant();
        Instant window = windowOf(now);
        for (Key key : keys(handleText, address)) {
            int counted = store.failures(key.text(), window, key.limit());
            if (counted < key.limit()) {
                counted += store.failures(key.text(), window.minus(rules.failureWindow()), key.limit() - counted);
            }
            if (counted >= key.limit()) {
                Duration untilNextWindow = Duration.between(now, window.plus(rules.failureWindow()));
                throw new SignInThrottledException(untilNextWindow);
            }
        }
    }

    void recordFailure(String handleText, String address) {
        Instant window = windowOf(clock.instant());
        // Kept through the next window too, which still counts them.
        Duration ttl = rules.failureWindow().multipliedBy(2);
        for (Key key : keys(handleText, address)) {
            store.recordFailure(key.text(), window, ids.next(), ttl);
        }
    }

    private Instant windowOf(Instant at) {
        long length = rules.failureWindow().toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(at.toEpochMilli(), length) * length);
    }

    private List<Key> keys(String handleText, String address) {
        String handle = handleText == null ? "" : handleText.strip().toLowerCase(Locale.ROOT);
        // Bounded, whatever was typed: a handle has at most 20 characters, an address at most 45.
        return List.of(
                new Key("handle:" + truncate(handle, 40), rules.maxFailuresPerHandle()),
                new Key("address:" + truncate(address, 64), rules.maxFailuresPerAddress()));
    }

    private static String truncate(String text, int length) {
        return text.length() <= length ? text : text.substring(0, length);
    }

    private record Key(String text, int limit) {}
}
