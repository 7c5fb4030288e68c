package dev.widefeed.account;

import java.time.Duration;

/**
 * How long sessions live, how many a user keeps, how failed sign-ins are throttled and how soon a revocation made
 * on another instance is honoured here (docs/design.md, "Accounts and sessions").
 *
 * @param sessionIdle          a session unused (not refreshed) this long expires
 * @param sessionMaxAge        a session this old is refused a refresh however often it was used
 * @param maxSessionsPerUser   signing in past this many live sessions removes the oldest
 * @param failureWindow        failed sign-ins are counted in windows this long; a key's count is its current and
 *                             previous window's
 * @param maxFailuresPerHandle this many failures for one handle, and its sign-ins are refused until the window ends
 * @param maxFailuresPerAddress the same for one client address
 * @param revocationCheck      how long this instance trusts what it read of a session; a sign-out made elsewhere
 *                             takes effect here within it (at once on the instance that made it)
 */
public record AccountRules(
        Duration sessionIdle,
        Duration sessionMaxAge,
        int maxSessionsPerUser,
        Duration failureWindow,
        int maxFailuresPerHandle,
        int maxFailuresPerAddress,
        Duration revocationCheck) {
    public static final AccountRules DEFAULT = new AccountRules(
            Duration.ofDays(30), Duration.ofDays(365), 20, Duration.ofMinutes(15), 10, 100, Duration.ofSeconds(10));

    public AccountRules {
        if (sessionIdle.isNegative()
                || sessionIdle.isZero()
                || sessionMaxAge.compareTo(sessionIdle) < 0
                || maxSessionsPerUser < 1
                || failureWindow.toMillis() < 1_000
                || maxFailuresPerHandle < 1
                || maxFailuresPerAddress < 1
                || revocationCheck.isNegative()) {
            throw new IllegalArgumentException("invalid account rules");
        }
    }
}
