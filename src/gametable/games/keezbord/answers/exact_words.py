"""The words of exact positions told space by space (read by :mod:`.exact`).

>>> bool(ASK["where"].search("where does it end up?")), bool(OWNER.seat.fullmatch("seat c's"))
(True, True)
"""

from __future__ import annotations

import re
from types import SimpleNamespace

_START = r"(?:start(?:ing)?(?: ?(?:space|square|spot|position|vak))?|startvak)"

TABLE = SimpleNamespace(
    #: the asking seat: "I'm seat b", "ik ben speler a", "Seat a," at the opening
    asker=re.compile(r"\b(?:i'?m|i am|ik ben) (?:seat|player|speler) ([a-f])\b|^seat ([a-f])\b"),
    seat_named=re.compile(r"\b(?:seat|player|speler) ([a-f])\b"),
    #: phrases that confirm what the built position already is, set aside
    strip=re.compile(
        r"\(?\b(?:i'?m|i am|ik ben) (?:seat|player|speler) [a-f]\b\)?|^seat [a-f]\b"
        r"|\b(?:with )?nothing (?:stands |is )?(?:in between|between|on (?:my start(?: space)?|"
        r"\d+(?: or \d+)?))|\bnothing blocks (?:it|him)|\b(?:my )?home,? (?:which )?is empty"
        r"|\bempty home\b|\bhome empty\b|\b(?:my )?home'?s (?:still )?empty\b"
        r"|\b(?:my |mijn )?(?:home|honk|thuishonk)(?: stretch)?(?: is)? (?:still |nog )?(?:empty|leeg)\b"
        r"|\b(?:without (?:any|the) variants?|with(?:out)? (?:no|the default|the normal|the standard) "
        r"(?:rules?|variants?)|no variants?)\b[:.]?"
        r"|\bmijn thuishonk is (?:nog )?leeg|\bsame spot\b"
        r"|\b(?:two|four|six|2|4|6)[- ]players?(?: game)?\b|\b(?:in )?a (?:2|4|6)-player game\b"
        r"|\bmet z'?n (?:tweeën|tweeen|vieren|zessen)\b|\bwe(?:'re| are) (?:two|four|six)\b"
        r"|\bde (?:thuis)?honk is (?:nog )?leeg\b"
        r"|\s*\(\s*(?:my|mijn) (?:own |eigen )?start(?:vak| space)?\s*\)"
        r"|,\s*(?:my|mijn) (?:own |eigen )?start(?: space|vak)?,? (?:not|niet) (?:his|hers|theirs|its own|zijn|"
        r"haar)(?: own)?\b"
        r"|\b(?:are |is )?taken by my (?:own )?pawns?\b"
        r"|\b(?:the |de )?(?:other|remaining|andere) (?:two|three|2|3|twee|drie)\b(?= (?:are |is |staan |zijn )?"
        r"(?:on|at|op)\b)"
        r"|\b(?:two|three|2|3|twee|drie) (?:of my pawns|van mijn pionnen) (?:are|zijn|staan) (?:already )?"
        r"(?:home|in my home|thuis|in mijn (?:thuis)?honk)(?= (?:on|op) h[1-4])"
        r"|(?<=\d),?\s*\b(?:vlak |net |direct )?voor (?:mijn|de) (?:thuis)?honk\b"
        r"|(?<=\d),?\s*\b(?:just |right )?(?:before|in front of) my home(?: entrance| stretch)?\b"
        r"|\(?[,;]?\s*\b(?:neither|none|not|nobody|no one|no pawn|geen van beide|niemand|niet) "
        r"(?:of them |one )?(?:is |are |staat |staan )?"
        r"(?:(?:on|op) )?(?:(?:a|its|their|his|her|een|hun|zijn) )?(?:own |eigen )?(?:start|startvak)s?(?: spaces?)?\)?"
        # the pawns not told are in the nest, and nothing else stands near: the built position
        r"|,?\s*\b(?:and )?(?:my |the )?(?:other|remaining|rest)(?: (?:two|three|one|2|3|1))?"
        r"(?: (?:pawns?|ones))?(?: (?:are|is))?(?: still)? (?:in|at) (?:my|the|its) nest\b"
        r"|,?\s*\b(?:en )?de (?:rest|andere(?: (?:twee|drie|2|3))?)(?: pionnen)?(?: (?:staan|staat))?"
        r"(?: nog)? in (?:mijn|het) nest\b"
        r"|,?\s*\bnothing else (?:anywhere )?(?:near|close|around)(?: (?:it|them|by))?\b"
        r"|,?\s*\b(?:and )?no other pawns? (?:anywhere )?(?:near|close|around)(?: (?:it|them))?\b"
        r"|,?\s*\bverder (?:niks|niets|niemand|geen pion) in de buurt\b"
        # a colour named for the asker's own pawns: the seat stays the one the start says
        r"|\b(?:i'?m|i am) (?:playing )?(?:blue|red|green|yellow|black|white)\b"
        r"|\bik (?:speel met|ben) (?:blauw|rood|groen|geel|zwart|wit)\b"
    ),
    #: "my start is space 0", "(start 16)", "mijn startvak is 0"
    start_is=re.compile(
        r"\(?\b(?:my start(?: space)? is|mijn start(?:vak)? is|(?<!my )(?<!mijn )(?<!own )start)"
        r"(?: space| vak| vakje)?(?: is)? (\d{1,2})\)?"
    ),
    which_start=re.compile(r"\bwhich is (?:seat |player )?([a-f])'?s start"),
    #: "my home turns off after space 63", "mijn thuishonk begint na vak 63": the last track
    #: space before the asker's home, checked against the board
    home_after=re.compile(
        r",?\s*\(?\b(?:and |so |en |dus )?(?:my home(?: stretch)?|mijn thuishonk) "
        r"(?:(?:turns off|branches off|starts|begins|comes|is entered|begint|komt) )?"
        r"(?:right )?(?:after|past|na) (?:space |vak |vakje )?(\d{1,2})\)?"
        r"|,?\s*\b(?:en |dus )?na (?:vak |vakje )?(\d{1,2}) ga ik (?:de|mijn) thuishonk in\b"
        r"|,?\s*\b(?:and |so )?home (?:after|past) (?:space )?(\d{1,2})\b"
    ),
)

OWNER = SimpleNamespace(
    left=re.compile(
        r"(?:the pawn of )?the player (?:to|on|at) my left(?:'s)?|(?:de pion van )?(?:de speler )?links van mij"
    ),
    right=re.compile(
        r"(?:the pawn of )?the player (?:to|on|at) my right(?:'s)?|(?:de pion van )?(?:de speler )?rechts van mij"
    ),
    mine=re.compile(r"my|mine|i|ik|mijn|of mine|my own"),
    partner=re.compile(r"my partner'?s?|my teammate'?s?|mijn (?:partner|maat)"),
    seat=re.compile(r"(?:seat|player|speler) ([a-f])(?:'s)?|([a-f])'s"),
    opponent=re.compile(
        r"(?:an? |the |my )?opponent'?s?|his|he|hij|die van (?:mijn|de) tegenstander"
        r"|their|theirs|they|her|she|zij|haar|(?:opa|oma)'?s?|(?:blue|red|green|yellow|black|white)'s"
        r"|(?:mijn |de )?tegenstander"
    ),
)

#: the hand told: "my only card is a 3", "all I've got left is a 10", "ik heb een Boer"; the
#: cards themselves are read by the card grammar
HAND = re.compile(
    r"\b(?:and )?(?:all (?:that )?i(?:'ve| have)?(?: got| have)?(?: left)? (?:is|are)"
    r"|my (?:only|last|one) cards? (?:left )?(?:is|are)|the only card i (?:have|hold|'ve got)(?: left)? is"
    r"|i(?:'ve| have)(?: only| just)? got|i (?:only |just )?(?:have|hold)(?: only| just)?"
    r"|ik heb(?: alleen| nog| maar)*|(?:en )?alleen(?: nog)?|mijn (?:enige|laatste) kaart is)\b"
)

#: the variant played: a 7 hits every pawn it passes (the option ``seven_hits_passed``)
OPTION = re.compile(
    r"\b(?:we(?:'re| are)? )?(?:playing |play |using |use )?(?:with )?(?:the )?(?:variant|option|house rule|"
    r"rule)(?: seven_hits_passed)? (?:where|in which|that says|that|so that) (?:a |the )?(?:7|seven)s? "
    r"(?:hits?|knocks? (?:off|out)|takes? out|slaat) (?:every(?:thing| pawn)|all (?:the )?pawns|any pawn)"
    r"(?: that)? it (?:passes|jumps over|goes (?:over|past))\b"
    r"|\bwe spelen (?:met )?de (?:variant|regel|huisregel) (?:waarbij|waarin|dat) (?:een |de )?(?:7|zeven) "
    r"(?:alles|elke pion|alle pionnen) (?:slaat )?(?:die|wat|waar) (?:hij|ze) (?:passeert|overheen gaat)"
    r"(?: slaat)?"
    r"|\b(?:with|met) (?:the option )?seven_hits_passed(?: (?:on|aan))?\b"
)
#: the move told before the ask: a 7 on one pawn ("I move this pawn 7 to 27") or split over the
#: first and second pawns told ("I split the 7: 3 with the first, 4 with the second")
ACTION = SimpleNamespace(
    single=re.compile(
        r"\b(?:and )?i (?:move|play|run|take) (?:this|my|that|the) pawn (?:7|seven)(?: (?:spaces|steps))?"
        r"(?: (?:to|up to) (?:space )?(?P<to>\d{1,2}))?\b"
        r"|\b(?:and )?i (?:play|use) (?:the|a|my) (?:7|seven) on (?:this|my|that|the) pawn"
        r"(?: (?:to|up to) (?:space )?(?P<to2>\d{1,2}))?\b"
    ),
    split_at=re.compile(
        r"\b(?:and )?i (?:split|divide|play) (?:the|my|a) (?:7|seven)[:,]? (?:first )?(?:(?P<a>[1-6]) (?:with|for|on) "
        r"(?:the|my) (?:pawn|one) on (?P<p1>\d{1,2}),? (?:and |then )*(?P<b>[1-6]) (?:with|for|on) (?:the|my) "
        r"(?:pawn|one|other one|other pawn) on (?P<p2>\d{1,2})"
        r"|(?:the|my) (?:pawn|one) on (?P<p1b>\d{1,2}) (?:goes|moves) (?P<ab>[1-6]),? (?:and |then )*"
        r"(?:the|my) (?:pawn|one|other one|other pawn) on (?P<p2b>\d{1,2}) (?:goes|moves) (?P<bb>[1-6]))"
    ),
    split=re.compile(
        r"\b(?:and )?i (?:split|divide|share) (?:the|my|a) (?:7|seven)[:,]? (?P<a>[1-6])(?: steps?)? "
        r"(?:with|for|on|to) (?:the|my) first(?: (?:one|pawn))?,? (?:and )?(?:then )?(?P<b>[1-6])"
        r"(?: steps?)? (?:with|for|on|to) (?:the|my) (?:second|other)(?: (?:one|pawn))?"
        r"|\bik (?:verdeel|splits?) (?:de|mijn) (?:7|zeven)[:,]? (?P<c>[1-6]) (?:met|voor) (?:de|mijn) "
        r"eerste(?: pion)?,? (?:en )?(?P<d>[1-6]) (?:met|voor) (?:de|mijn) (?:tweede|andere)(?: pion)?"
    ),
)

PLACE = SimpleNamespace(
    token=re.compile(
        r",?\s*(?P<which_start>which is (?:seat |player )?(?P<whose>[a-f])'?s "
        + _START
        + r"(?:,? not (?:[a-f]'?s|(?:his|its) own))?)"
        r"|,?\s*(?P<own_start_at>(?:its|his|her|their|zijn|haar|hun|(?:blue|red|green|yellow|black|white|"
        r"opa|oma)'?s|its owner'?s) (?:own |eigen )?"
        + _START
        + r",? (?:space |vak |vakje |at |on )?"
        r"(?P<own_start_n>\d{1,2})\b)"
        r"|,?\s*(?P<own_start>(?:its|his|her|their|zijn|haar|hun|(?:blue|red|green|yellow|black|white|"
        r"opa|oma)'?s|its owner'?s) (?:own |eigen )?" + _START + r")"
        r"|(?P<my_start>\b(?:my|mijn) (?:own |eigen )?" + _START + r"(?:,? (?:space |vak |vakje )?"
        r"(?P<my_start_n>\d{1,2}))?)"
        r"|(?P<home_range>\bh(?P<range_a>[1-4]) (?:to|through|till|t/m|tot en met|tot) h(?P<range_b>[1-4]) "
        r"(?:are |zijn )?(?:full|taken|filled|occupied|bezet|vol)\b)"
        r"|(?P<home_free>,?\s*(?:and )?\bh(?P<free_n>[1-4]) (?:is |stays )?(?:empty|free|open|leeg|vrij)\b)"
        r"|(?P<mid_track>\b(?:has|heeft) (?:a|one|een) (?:pawn|pion) (?:somewhere )?in the middle of the "
        r"(?:track|board)|\b(?:has|heeft) (?:a|one|een) (?:pawn|pion) (?:ergens )?midden op (?:de baan|het bord))"
        r"(?:,? (?:with )?nothing (?:in front of|ahead of|before) it)?"
        r"|(?P<pawn_name>\b[a-f][1-4]\b)"
        r"|(?P<home>\b(?:(?:in (?:my|the) home (?:on|at) )?h|home space |thuishonkvak |in (?:de|mijn) (?:thuis)?honk op (?:plek|vakje|vak) "
        r"|in (?:my|the) home (?:on|at) (?:space|spot) )(?P<home_n>[1-4])\b)"
        r"|(?P<its_home>\b(?:already |al )?in (?:his|her|their|its|zijn|haar|hun) (?:own |eigen )?"
        r"(?:home(?: stretch)?|thuishonk|honk)\b)"
        r"|(?:\b(?:on|op|at)\b|,|\band\b|\ben\b)\s*(?:(?:space|spot|square|vak|vakje|plek)\s+)?"
        r"(?P<space>\d{1,2})\b(?!\s*(?:steps?|spaces?|stappen|vakken|players?|spelers?|ahead|"
        r"behind|voor|achter))"
        r"|(?P<owner>\b(?:die van (?:mijn|de) tegenstander|(?:mijn |de )?tegenstander|"
        r"(?:an? |the |my )?opponent'?s?|my partner'?s?|my teammate'?s?|mijn (?:partner|maat)|"
        r"their|theirs|they|her|she|zij|haar|(?:opa|oma)'?s?|"
        r"(?:blue|red|green|yellow|black|white)'s|"
        r"(?:the pawn of )?the player (?:to|on|at) my (?:left|right)(?:'s)?|"
        r"(?:de pion van )?(?:de speler )?links van mij|(?:de pion van )?(?:de speler )?rechts van mij|"
        r"(?:seat|player|speler) [a-f](?:'s)?|[a-f]'s|my own|of mine|my|mine|mijn|his|he|hij|"
        r"i|ik)\b)"
    ),
    #: the pawn the ask moves: "the one on 62", "my pawn on 40", "the H1 pawn", "a2"
    mover=re.compile(
        r"\b(?P<mystart>(?:the|my) (?:pawn|one) on my (?:own )?start(?: space)?)\b"
        r"|\b(?:(?:the one|my pawn|the pawn|mijn pion|die) (?:on|op)|die van|(?:the|my) pawn from)"
        r" (?:space |vak )?(?P<at>\d{1,2})\b"
        r"|\bthe h(?P<home>[1-4]) pawn\b|\b(?P<name>[a-f][1-4])\b(?= with| met|$)"
    ),
    steps=re.compile(r"\b(\d|one|two|three|four|five|six) (?:steps?|spaces?|stappen|vakken)\b"),
    #: the other pawn of a swap, said in the ask: "with his pawn", "with b's"
    partner_of_swap=re.compile(
        r"\b(?:with|met) (?:his|hers|theirs|her|their|the opponent'?s|[a-f]'s|zijn|die van "
        r"(?:mijn|de) tegenstander)(?: pawn| pion)?\b|\bmet die\b"
    ),
    #: the pawn a "what happens" ask is about: "what happens to my partner's pawn?"
    about=re.compile(
        r"\b(?:to|with|met) (?:my partner'?s|my teammate'?s|his|her|their|the opponent'?s|that|"
        r"zijn|haar|de) (?:pawn|pion)\b"
    ),
    #: the move asked to take the pawn into its home, any home space: "can I get it home?"
    goes_home=re.compile(
        r"\b(?:get|bring|move|take|go)(?: it| him| the pawn| my pawn| my last pawn)? (?:home|in|into (?:my|the) "
        r"home)\b|\bfinish\b|\b(?:kom|kan) (?:ik|hij|die) (?:er )?(?:binnen|in)\b"
    ),
    #: which card hits the other pawn told: "which card hits him?", "met welke kaart sla ik hem?"
    hits_it=re.compile(
        r"\b(?:hits?|knocks? (?:off|out)?|lands? on) (?:him|her|it|his pawn|her pawn|that pawn)\b"
        r"|\b(?:sla|slaat) (?:ik )?(?:hem|haar|die|zijn pion)\b"
    ),
    #: the other pawn of a swap placed in the ask: "with his pawn on 50"
    swap_with=re.compile(
        r"\b(?:with|met) (?P<whose>his|her|their|the opponent'?s|an opponent'?s|my partner'?s|my teammate'?s|"
        r"zijn|haar|hun|die van mijn (?:partner|maat)|mijn (?:partner|maat)'?s?) (?:pawn|pion) "
        r"(?:on|op) (?:space |vak |vakje )?(?P<at>\d{1,2})\b"
    ),
    #: a home space said in words: "the very last home spot" (H4), "the first home space" (H1)
    any_home=re.compile(
        r"\b(?:(?:in)?to|in) (?:my|the|mijn|de) (?:home(?: stretch)?|thuishonk|honk)\b"
    ),
    #: the pawn a card is played with, said before the ask: "I play a 3 with the one on 62"
    played_with=re.compile(
        r"\s(?:with|on|met|op) (?:the one|the pawn|my pawn|die|mijn pion|de pion) (?:on|op) (?:space |vak )?"
        r"(?P<at>\d{1,2})\b"
    ),
    home_words=re.compile(
        r"\b(?:the |de )?(?:very )?(?P<which>first|last|back|achterste|eerste|laatste|voorste) "
        r"(?:home |thuishonk)?(?:space|spot|square|vak|vakje|plek)\b(?: (?:in|of) (?:my|the) home)?"
    ),
    target=re.compile(r"\b(?:up )?(?:to|into|naar|onto|on|op) (?:h|home space )(?P<home>[1-4])\b"),
)

#: what the last sentence asks, most particular first
ASK = {
    "split_places": re.compile(
        r"\b(?:can|may|could) i (?:move|play|take) (?:the|my) (?:pawn|one) on (?P<p1>\d{1,2}) (?P<a>[1-6])"
        r"(?: steps?| spaces?)?(?: (?:into|to) (?:my |the )?home| home)? and (?:then )?(?:the|my) (?:pawn|one|"
        r"other one|other pawn) on (?P<p2>\d{1,2}) (?P<b>[1-6])(?: steps?| spaces?)?"
    ),
    "split": re.compile(
        r"\b(?:can|may|could) i (?:move|use|take|play|go) (?:my (?:last |front |back |other )?pawn |it |the one "
        r"on \d{1,2} )?(?P<a>[1-6])(?: steps?| spaces?)?(?: (?:into|to|onto|in) (?:h[1-4]|my home|the home)"
        r"| to get (?:into|in|to) (?:h[1-4]|my home|the home))? and (?:then |just |simply )?(?P<how>give|use|"
        r"move|put|go|"
        r"drop|waste|skip|forget|lose|throw away|ignore|leave) (?:the )?(?:other|remaining|rest(?: of the)?|"
        r"last) (?P<b>[1-6])(?: steps?| spaces?)?(?: (?:to|on|with|for) (?P<with>my partner'?s pawn|my "
        r"teammate'?s pawn|my other pawn|his pawn|her pawn|the one on \d{1,2}))?(?: and win)?\b"
    ),
    "lap": re.compile(
        r"\b(?:can|may|could|mag|kan) (?:it|my pawn|he|i|hij|die|ik) (?:just |simply )?(?:go|keep going|"
        r"carry on|run|move|gaan|lopen|doorlopen)(?: on)? (?:a)?round (?:the board )?again\b"
        r"|\b(?:another|a second|an extra) (?:lap|round of the board)\b"
        r"|\bnog (?:een|een keer) (?:rondje|ronde)\b"
    ),
    "which": re.compile(
        r"\b(?:which|what) (?:card|one of (?:them|my cards|those)|one)\b|\b(?:met )?welke(?: kaart)?\b"
    ),
    "hitown": re.compile(
        r"\b(?:do i have to|must i|have i got to|am i forced to|am i obliged to) (?:hit|knock|"
        r"take|send back) (?:out |off )?(?:my own|one of my own|my other)(?: pawn)?\b"
        r"|\bmoet ik (?:mezelf|mijn eigen pion|mijn andere pion) slaan\b"
    ),
    "handin": re.compile(
        r"\b(?:can|may|could|mag|kan|kun) (?:i|ik) (?:just |simply |then )?(?:hand|give|turn) "
        r"(?:it |them |both |everything |all |my cards? |my hand |(?:them|it|both) all )?in\b"
        r"(?: instead| then| now)?"
        r"|\b(?:can|may|could|mag|kan|kun) (?:i|ik) (?:just |simply )?(?:skip|pass)(?: (?:my|this) turn)?"
        r"\b|\b(?:mag|kan|kun) ik (?:ze |hem |alles |mijn kaarten |die |dan )?(?:gewoon )?inleveren\b"
        r"|\b(?:mag|kan|kun) ik (?:mijn )?beurt overslaan\b"
    ),
    "count": re.compile(
        r"\bhow many (?:(?:of )?(?:their|his|her|the other|other|opponent'?s?|enemy)?\s*pawns?|"
        r"of (?:theirs|them|his|hers))? ?(?:do i |does it |does my (?:7|seven|move) |will i |would i |"
        r"will |would )?(?:get |are |is |go |goes )?(?:hit|knock\w*(?: off| out)?|sent? back|captured)\b"
        r"|\bhoeveel (?:pionnen |van (?:hun|zijn|haar) pionnen )?(?:worden |zijn |sla ik )(?:er )?"
        r"(?:geslagen)?\b"
    ),
    "swap": re.compile(
        r"\b(?:can|may|could|mag|kan) (?:i|ik) (?:use (?:my |a |the )?(?:jack|boer) to )?"
        r"(?:swap|ruilen|wisselen)\b"
        r"|\b(?:can|may|could) i (?:play|use) (?:my |a |the )?jack(?: on (?:the one on \d{1,2}|my pawn on "
        r"\d{1,2}|it))? (?:and|to) swap\b"
        r"|\b(?:mag|kan) ik (?:met (?:de|mijn) boer )?(?:met )?(?:die|hem|zijn pion|haar pion|dat) "
        r"(?:ruilen|wisselen|omruilen)\b"
    ),
    "hit": re.compile(
        r"\b(?:is|wordt) (?:[a-f]'s pawn|that pawn|his pawn|her pawn|their pawn|the opponent'?s pawn|"
        r"my partner'?s pawn|he|she|it|hij|zij|zijn pion|haar pion) (?:hit|geslagen|knocked (?:off|out))\b"
        r"|\bdoes my pawn hit (?:his|hers|theirs|it|him)\b"
        r"|\b(?:can|may|could|mag|kan) (?:i|ik) (?:hit|slaan) (?:it|him|his pawn|hem|zijn pion)\b"
        r"|\b(?:can|may|could|mag|kan) (?:i|ik) (?:hem|zijn pion) slaan\b"
    ),
    "must": re.compile(
        r"\b(?:do i have to|must i|moet ik) (?:play|spelen)(?: it| hem)?\b"
        r"(?:,? and where (?:does|will) (?:it|the pawn|my pawn) (?:go|end up|land))?"
    ),
    "where": re.compile(
        r"\bwhere (?:does|will|would) (?:it|my pawn|he) (?:end up|go|stop|land|finish|end)\b"
        r"|\bwhich space does it (?:land|end|stop) on\b|\bwhere is it then\b"
        r"|\bwhich (?:home )?(?:space|spot) does it (?:reach|get to|land on|end on)\b"
        r"|\bwaar (?:komt|eindigt|belandt|staat) (?:hij|die|mijn pion)(?: terecht| dan)?\b"
        r"|\bwaar kom ik(?: terecht| dan| uit)?\b|\bwhere (?:does|will) the pawn (?:go|end up|land)\b"
        r"|\bwhere do i (?:end up|land|go)\b"
    ),
    "what": re.compile(r"\bwhat happens\b|\bwat gebeurt er\b"),
    "can": re.compile(
        r"\b(?:can|may|could|mag|kan|kun) (?:i|ik)(?: (?:play|move|use|spelen|zetten|lopen))?\b"
        r"|\b(?:kom|kan) (?:ik|hij|die) (?:er )?(?:binnen|in)\b"
        r"|\b(?:can|may|could) (?:it|my pawn|that pawn|the pawn|the (?:one|pawn) on \d{1,2}) (?:go|get|move)"
        r"(?: in| into (?:my |the )?home| home)?\b"
        r"|\b(?:mag|kan) (?:die|hij|mijn pion) van \d{1,2}\b"
        r"|(?:^|,\s*)(?:is that |is it |is this )?(?:okay|ok|allowed|legal|right)\s*\?\s*$"
        r"|\b(?:does|will|would) (?:that|it|this) work\b|\b(?:mag|kan) dat\b"
    ),
}

#: words that say nothing the position must hold (articles, verbs of playing, the pawns)
FILLER = frozenset(
    [
        "app",
        "a",
        "an",
        "the",
        "and",
        "en",
        "de",
        "het",
        "een",
        "is",
        "are",
        "am",
        "on",
        "op",
        "in",
        "at",
        "to",
        "with",
        "met",
        "it",
        "its",
        "it's",
        "i",
        "my",
        "mine",
        "me",
        "pawn",
        "pawns",
        "pawn's",
        "pion",
        "pionnen",
        "one",
        "ones",
        "own",
        "eigen",
        "play",
        "plays",
        "playing",
        "played",
        "move",
        "moves",
        "moving",
        "use",
        "using",
        "card",
        "cards",
        "kaart",
        "kaarten",
        "hold",
        "holds",
        "have",
        "has",
        "got",
        "only",
        "just",
        "that",
        "this",
        "turn",
        "space",
        "spot",
        "square",
        "vak",
        "plek",
        "stands",
        "standing",
        "sits",
        "sitting",
        "staat",
        "stand",
        "sit",
        "hand",
        "speel",
        "spelen",
        "zet",
        "zetten",
        "ik",
        "mijn",
        "hij",
        "hem",
        "die",
        "nu",
        "now",
        "here",
        "there",
        "exactly",
        "precies",
        "forward",
        "forwards",
        "vooruit",
        "up",
        "want",
        "wants",
        "to",
        "also",
        "last",
        "another",
        "piece",
        "track",
        "board",
        "bord",
        "baan",
        "so",
        "s",
        "one's",
        "of",
        "van",
        "but",
        "maar",
        "go",
        "get",
        "er",
        "langs",
        "past",
        "voorbij",
        "out",
        "gooi",
        "gooien",
        "opgooien",
        "opgooi",
        "okay",
        "ok",
        "front",
        "other",
        "andere",
        "ene",
        "vakje",
        "heb",
        "hebt",
        "i've",
        "'ve",
        "got",
        "puts",
        "put",
        "takes",
        "brings",
        "gets",
        "very",
        "één",
        "them",
        "'m",
        "sta",
        "staan",
        "laatste",
        "zit",
        "first",
        "want",
        "wil",
    ]
)

__all__ = ["ACTION", "ASK", "FILLER", "HAND", "OPTION", "OWNER", "PLACE", "TABLE"]
