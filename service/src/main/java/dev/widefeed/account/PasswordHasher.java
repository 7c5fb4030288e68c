package dev.widefeed.account;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;

/**
 * Argon2id password hashes in the PHC string format ({@code $argon2id$v=19$m=..,t=..,p=..$salt$hash}), by Spring
 * Security's encoder over Bouncy Castle. Each hash takes {@code memoryKiB} of memory and a core for tens of
 * milliseconds, so only {@code maxConcurrent} run at once; a request that waits longer than {@code maxWait} for
 * its turn is refused as busy (429, nothing changed) rather than letting a burst of sign-ins exhaust the heap.
 */
public final class PasswordHasher {
    /** Checked against its own hash when there is no hash to check, so that a refusal takes as long. */
    private static final Password NOBODYS = new Password("the stand-in for an absent hash");

    private final Argon2PasswordEncoder encoder;
    private final Semaphore permits;
    private final Duration maxWait;
    private final String absentHash;

    public PasswordHasher(Settings settings) {
        this.encoder =
                new Argon2PasswordEncoder(16, 32, settings.parallelism(), settings.memoryKiB(), settings.iterations());
        this.permits = new Semaphore(settings.maxConcurrent(), true);
        this.maxWait = settings.maxWait();
        this.absentHash = encoder.encode(NOBODYS.text());
    }

    /** Argon2id cost and how many hashes run at once; see docs/design.md, "Accounts and sessions". */
    public record Settings(int memoryKiB, int iterations, int parallelism, int maxConcurrent, Duration maxWait) {
        /** OWASP's first Argon2id configuration (19 MiB, two passes, one lane). */
        public static final Settings DEFAULT = new Settings(19_456, 2, 1, 4, Duration.ofSeconds(2));

        public Settings {
            if (memoryKiB < 8 * parallelism
                    || iterations < 1
                    || parallelism < 1
                    || maxConcurrent < 1
                    || maxWait.isNegative()) {
                throw new IllegalArgumentException("invalid password hashing settings");
            }
        }
    }

    public String hash(Password password) {
        return withPermit(() -> encoder.encode(password.text()));
    }

    /**
     * Whether {@code password} is the one {@code hash} was made of. With no hash it checks against a hash of a
     * password nobody can offer, and answers false after the same work: a missing account or password then takes
     * as long to refuse as a wrong one.
     */
    public boolean matches(Password password, Optional<String> hash) {
        if (hash.isEmpty() || password.tooLongToMatch()) {
            withPermit(() -> encoder.matches(NOBODYS.text(), absentHash));
            return false;
        }
        return withPermit(() -> encoder.matches(password.text(), hash.get()));
    }

    /** Whether a hash was made with other settings than today's, and should be made again at the next sign-in. */
    public boolean outdated(String hash) {
        return encoder.upgradeEncoding(hash);
    }

    private <T> T withPermit(Supplier<T> work) {
        boolean acquired;
        try {
            acquired = permits.tryAcquire(maxWait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RejectedExecutionException("interrupted while waiting to check a password");
        }
        if (!acquired) {
            throw new RejectedExecutionException("too many passwords are being checked at once; try again shortly");
        }
        try {
            return work.get();
        } finally {
            permits.release();
        }
    }
}
