package dev.widefeed.graph;


import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;

import java.time.Clock;
import java.time.temporal.ChronoUnit;

public final class UserService {
    private final UserStore users;
    private final IdGenerator ids;
    private final Clock clock;

    public UserService(UserStore users, IdGenerator ids, Clock clock) {
        this.users = users;
        this.ids = ids;
        this.clock = clock;
    }

    public User create(String name) {
        User user = new User(ids.next(), name, clock.instant().truncatedTo(ChronoUnit.MILLIS));
        users.create(user);
        return user;
    }

    public User get(long userId) {
        return users.find(userId).orElseThrow(() -> DomainException.notFound("no user " + userId));
    }

    public UserCounts counts(long userId) {
        return users.counts(userId);
    }
}
