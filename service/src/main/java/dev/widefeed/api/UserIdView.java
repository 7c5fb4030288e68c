package dev.widefeed.api;

/** One entry of a list of users: a group's members, my blocked or hidden users. */
public record UserIdView(String id) {
    public static UserIdView of(long id) {
        return new UserIdView(Long.toString(id));
    }
}
