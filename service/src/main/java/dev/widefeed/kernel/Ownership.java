package dev.widefeed.kernel;

/**
 * "Act as yourself" (docs/design.md, Users): a user changes, and reads what is private, only of their
 * own. The one check, wherever the acting user and an owner meet: a service given both ids, a post's
 * author, or the web layer when a path names the acting user.
 */
public final class Ownership {
    private Ownership() {}

    /** 403 with {@code why} unless {@code actor} is {@code owner}. */
    public static void require(long actor, long owner, String why) {
        if (actor != owner) {
            throw DomainException.forbidden(why);
        }
    }
}
