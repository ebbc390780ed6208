/** How the inbox reads the values of its settings, with messages that name the key. */
package dev.inbox.settings;
