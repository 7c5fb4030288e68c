package dev.widefeed.erasure;

import dev.widefeed.account.AccountStore;
import dev.widefeed.account.ErasureState;
import dev.widefeed.eventlog.DueWork;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The event log's handler of {@code erase-account}, logged when a user asks for their account's erasure, before
 * anything changes (docs/design.md, "Account deletion"): it runs {@link AccountErasure} a step per page of the job's
 * turn, then deletes what is left of the account's credentials and records the erasure done. The entry stays pending
 * until then, so a worker that dies hands the rest to the next, which starts the phases over and finds less to do.
 */
public final class AccountErasureHandler implements LogHandler {
    public static final String KIND = "erase-account";
    /** How long the record that an erasure was done is kept, for the user's client to see. */
    static final Duration KEEP_RECORD = Duration.ofDays(30);

    private final AccountErasure erasure;
    private final AccountStore accounts;
    private final Clock clock;

    public AccountErasureHandler(AccountErasure erasure, AccountStore accounts, Clock clock) {
        this.erasure = erasure;
        this.accounts = accounts;
        this.clock = clock;
    }

    public Map<String, LogHandler> byKind() {
        return Map.of(KIND, this);
    }

    @Override
    public Work open(LogEntry entry) {
        return new Erase(entry.subjectId(), EventLog.startOf(entry.slot()), AccountErasure.Phase.POSTS, false);
    }

    private final class Erase extends DueWork {
        private final long userId;
        private final AccountErasure.Phase at;

        Erase(long userId, Instant recorded, AccountErasure.Phase at, boolean done) {
            super(recorded, done);
            this.userId = userId;
            this.at = at;
        }

        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            AccountErasure.Phase now = at;
            for (int i = 0; i < pages && now != AccountErasure.Phase.DONE && keepGoing.getAsBoolean(); i++) {
                now = erasure.step(userId, now);
            }
            if (now != AccountErasure.Phase.DONE) {
                return new Turn.Worked(new Erase(userId, dueSince(), now, false));
            }
            accounts.forget(userId); // what the request's sign-out wrote after it closed the account
            Instant requested =
                    accounts.erasure(userId).map(ErasureState::requestedAt).orElse(dueSince());
            accounts.finishErasure(userId, requested, clock.instant(), KEEP_RECORD);
            return new Turn.Worked(new Erase(userId, dueSince(), now, true));
        }
    }
}
