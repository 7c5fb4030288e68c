package dev.widefeed.auth;

import java.security.Principal;

/**
 * A signed-in principal that names the user acting, whichever face's token it came from (the native API's or a
 * Mastodon app's): what a per-user budget is charged to.
 */
public interface ActingUser extends Principal {
    long id();

    /** The user's id, as a principal's name. */
    @Override
    default String getName() {
        return Long.toString(id());
    }
}
