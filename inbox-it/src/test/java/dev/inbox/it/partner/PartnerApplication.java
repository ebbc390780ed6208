package dev.inbox.it.partner;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The partner's API, under /partner of the test WAR. */
@ApplicationPath("partner")
public class PartnerApplication extends Application {}
