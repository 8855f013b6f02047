// LocalDate and LocalDateTime are the shared civil-date types of CivilDates; users of Extraction
// get them without importing CivilDates themselves. What only the chat reader needs is in
// Chat/LocalDateTime+Chats.swift.
@_exported import CivilDates
