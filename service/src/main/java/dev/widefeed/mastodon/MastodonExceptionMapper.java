package dev.widefeed.mastodon;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** {@link MastodonException} as Mastodon's error answer. */
public final class MastodonExceptionMapper implements ExceptionMapper<MastodonException> {
    @Override
    public Response toResponse(MastodonException e) {
        return MastodonErrors.response(e.status(), e.getMessage());
    }
}
