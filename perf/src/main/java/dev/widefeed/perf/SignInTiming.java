package dev.widefeed.perf;

import dev.widefeed.account.AccountRules;
import dev.widefeed.account.AccountService;
import dev.widefeed.account.Password;
import dev.widefeed.account.PasswordHasher;
import dev.widefeed.account.RefreshToken;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.results.SignInResult;
import dev.widefeed.store.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The {@code signin} scenario: whether a refused sign-in's time tells if the handle exists. Signs up a few users with
 * the service's default hashing cost, then, on one thread, takes turns: an unknown handle, a known handle with a
 * wrong password, the right password, so drift in the machine's speed falls on all three alike. Throttling is set
 * far above the attempts (its reads are still made, the same for all three).
 */
final class SignInTiming {
    /** Apart from the other perf id workers (1000-1006). */
    private static final int ID_WORKER = 1007;

    private static final int USERS = 20;
    private static final Password PASSWORD = Password.choose("perf sign-in password");
    private static final Password WRONG = Password.offered("perf sign-in wrong one");

    private SignInTiming() {}

    static SignInResult run(Storage storage, int rounds, int warmup, Path runDirectory, PrintStream out)
            throws IOException {
        IdGenerator ids = new IdGenerator(ID_WORKER);
        Clock clock = Clock.systemUTC();
        PasswordHasher.Settings hashing = PasswordHasher.Settings.DEFAULT;
        AccountRules rules = new AccountRules(
                Duration.ofDays(1),
                Duration.ofDays(2),
                1_000_000,
                Duration.ofMinutes(15),
                Integer.MAX_VALUE,
                Integer.MAX_VALUE,
                Duration.ofSeconds(10));
        AccountService accounts = new AccountService(
                storage.accounts(),
                new Features(storage, InstanceSettings.of(ids, clock)).graph.users(),
                new PasswordHasher(hashing),
                new RefreshToken.Signer("perf-sign-in-secret-0123456789abcdef"),
                rules,
                ids,
                clock);
        String run = Long.toString(ids.next(), 36);
        List<String> handles = new ArrayList<>();
        for (int u = 0; u < USERS; u++) {
            String handle = "si" + run + "_" + u;
            accounts.signUp("sign-in " + u, Optional.of(handle), PASSWORD);
            handles.add(handle);
        }
        Histogram unknown = new Histogram(60_000_000L, 3);
        Histogram wrong = new Histogram(60_000_000L, 3);
        Histogram right = new Histogram(60_000_000L, 3);
        for (int i = -warmup; i < rounds; i++) {
            boolean measured = i >= 0;
            String handle = handles.get(Math.floorMod(i, USERS));
            String nobody = "nx" + run + "_" + (i + warmup);
            time(() -> refused(accounts, nobody, PASSWORD), measured ? unknown : null);
            time(() -> refused(accounts, handle, WRONG), measured ? wrong : null);
            time(() -> accounts.signIn(handle, PASSWORD, "perf"), measured ? right : null);
            if (measured && (i + 1) % 100 == 0) {
                out.printf("\r%,d / %,d rounds", i + 1, rounds);
            }
        }
        LatencySummary unknownMs = LatencySummary.ofMicros(unknown);
        LatencySummary wrongMs = LatencySummary.ofMicros(wrong);
        LatencySummary rightMs = LatencySummary.ofMicros(right);
        double ratio = unknownMs.p50Ms() / wrongMs.p50Ms();
        out.printf(
                "%nArgon2id %d KiB, %d passes; %,d rounds on %s%n",
                hashing.memoryKiB(), hashing.iterations(), rounds, storage.backend());
        out.printf("unknown handle  p50 %.1f ms  p99 %.1f ms%n", unknownMs.p50Ms(), unknownMs.p99Ms());
        out.printf("wrong password  p50 %.1f ms  p99 %.1f ms%n", wrongMs.p50Ms(), wrongMs.p99Ms());
        out.printf("right password  p50 %.1f ms  p99 %.1f ms%n", rightMs.p50Ms(), rightMs.p99Ms());
        out.printf("unknown over wrong, medians: %.3f (goal: within 0.8 .. 1.2)%n", ratio);
        SignInResult result = new SignInResult(
                storage.backend(), hashing.memoryKiB(), hashing.iterations(), unknownMs, wrongMs, rightMs, ratio);
        Results.write(runDirectory, Results.SIGN_IN, result);
        return result;
    }

    private static void refused(AccountService accounts, String handle, Password password) {
        try {
            accounts.signIn(handle, password, "perf");
            throw new IllegalStateException("a sign-in that should fail succeeded");
        } catch (DomainException e) {
            if (e.kind() != DomainException.Kind.UNAUTHENTICATED) {
                throw e;
            }
        }
    }

    private static void time(Runnable attempt, Histogram into) {
        long start = System.nanoTime();
        attempt.run();
        if (into != null) {
            into.recordValue(Math.max(1, (System.nanoTime() - start) / 1000));
        }
    }
}
